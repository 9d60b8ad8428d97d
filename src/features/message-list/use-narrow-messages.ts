import { useCallback, useEffect, useMemo, useState } from "react";
import type { Message } from "../../../common/wire/message";
import { narrowKey, type Narrow } from "../../lib/narrow";
import { fetchNewer, fetchNewest, fetchOlder, openNarrow } from "../../controllers/message-fetch";
import { afterPaint } from "./after-paint";
import {
  getNarrowState,
  useMessageStore,
  type NarrowState,
  messageActions,
  currentMessage,
  currentNarrowState,
} from "../../stores/message-store";
import { useSessionStore } from "../../stores/session-store";
import { useUnreadStore } from "../../stores/unread-store";
import { VisibleNarrow } from "./muted-visibility";
import { zoomTarget } from "./zoom-request";

/**
 * The stored messages of a narrow's ids, kept from one store change to the next: the same array
 * while neither the ids nor any of their messages changed. Every change of the store (a message
 * in another stream, a flag on another message) gives a new version; checking the narrow's
 * messages is a lookup per id, where a new array means grouping rows again and re-rendering
 * the list. When the ids are the same list and only some messages changed (a flag, an edit),
 * the new array is the old one with those messages replaced, which keeps the grouping of the
 * others (`RowGrouping`).
 */
class NarrowMessages {
  private ids: readonly number[] = [];
  private messages: Message[] = [];

  of(ids: readonly number[], lookup: (id: number) => Message | undefined): Message[] {
    const updated = ids === this.ids ? this.replaced(lookup) : undefined;
    this.messages = updated ?? ids.flatMap((id) => lookup(id) ?? []);
    this.ids = ids;
    return this.messages;
  }

  /**
   * The messages with every changed one replaced: the same array when none changed, a copy
   * otherwise; undefined when a message is gone from the store (the ids no longer match).
   */
  private replaced(lookup: (id: number) => Message | undefined): Message[] | undefined {
    const { ids, messages } = this;
    if (ids.length !== messages.length) return undefined;
    let copy: Message[] | undefined;
    for (let index = 0; index < ids.length; index++) {
      const stored = lookup(ids[index] ?? 0);
      if (stored === undefined) return undefined;
      if (stored === messages[index]) continue;
      copy ??= messages.slice();
      copy[index] = stored;
    }
    return copy ?? messages;
  }
}

/**
 * The messages of a narrow, oldest first, kept live by events. The first window is fetched once
 * an event queue exists (so nothing falls between fetch and events); a narrow already held but
 * not caught up fetches newer messages once when it opens, after its first paint. After a resync the event machine
 * refreshes every open narrow (`refreshOpenNarrows`); scrolling loads older and newer batches.
 * The combined feed and a stream's view leave out the messages muting hides (`isHiddenByMuting`),
 * at once when the user mutes or unmutes.
 */
export function useNarrowMessages(narrow: Narrow): {
  messages: Message[];
  state: NarrowState | undefined;
  retry: () => void;
  loadOlder: () => void;
  loadNewer: () => void;
  jumpToNewest: () => void;
} {
  const heldState = useMessageStore((store) => getNarrowState(store, narrow));
  // Messages are replaced by id in place; the store's version says when any of them changed.
  const version = useMessageStore((store) => store.version);
  const client = useSessionStore((session) => session.client);
  const hasQueue = useSessionStore((session) => session.queueId !== null);
  // The server has failed to answer since the last success (offline, or down).
  const isUnreachable = useSessionStore((session) => session.connection.failures > 0);
  const muting = useUnreadStore((unread) => unread.muting);
  // The combined feed and a stream's view leave out what muting hides; the store holds it all.
  const [visible] = useState(() => new VisibleNarrow());
  const state = useMemo(
    () => visible.of(version >= 0 ? heldState : undefined, muting, currentMessage),
    [visible, heldState, muting, version],
  );

  useEffect(() => {
    messageActions.narrowOpened(narrow);
    return () => {
      messageActions.narrowClosed(narrow);
    };
  }, [narrow]);

  useEffect(() => {
    if (!hasQueue) return;
    const held = currentNarrowState(narrow);
    if (held?.hasFetched !== true) {
      void openNarrow(client, narrow, undefined, zoomTarget(narrowKey(narrow)) ?? undefined);
      return;
    }
    if (held.found_newest) return;
    // Opened from the store: its rows paint first. A click's effects run before the paint, and
    // the catch-up's answer (parsed, merged, rendered) could land before it too.
    let isOpen = true;
    afterPaint(() => {
      if (isOpen) void fetchNewer(client, narrow);
    });
    return () => {
      isOpen = false;
    };
  }, [hasQueue, client, narrow]);

  // A search the server cannot answer now is answered from the messages held on this device.
  const isSearchWaiting =
    narrow.kind === "search" &&
    heldState?.hasFetched !== true &&
    heldState?.isLoading !== true &&
    (isUnreachable || (heldState?.error ?? null) !== null);
  useEffect(() => {
    if (!isSearchWaiting) return;
    // Its own chunk: only an offline page needs it.
    void import("../../stores/message-device-search").then((search) => {
      search.searchOnDevice(narrow);
    });
  }, [isSearchWaiting, narrow]);

  const [derived] = useState(() => new NarrowMessages());
  const messages = useMemo(
    () => derived.of(version >= 0 ? (state?.ids ?? []) : [], currentMessage),
    [derived, state, version],
  );
  // Nothing is fetched before the event queue exists: a window answered before it would miss
  // the events between its answer and the queue (the list asks as soon as it shows rows, which
  // may be the offline cache's before register has answered). The queue's arrival opens it.
  const retry = useCallback(() => {
    if (hasQueue) void openNarrow(client, narrow);
  }, [hasQueue, client, narrow]);
  const loadOlder = useCallback(() => {
    if (hasQueue) void fetchOlder(client, narrow);
  }, [hasQueue, client, narrow]);
  const loadNewer = useCallback(() => {
    if (hasQueue) void fetchNewer(client, narrow);
  }, [hasQueue, client, narrow]);

  const jumpToNewest = useCallback(() => {
    if (hasQueue) void fetchNewest(client, narrow);
  }, [hasQueue, client, narrow]);

  return { messages, state, retry, loadOlder, loadNewer, jumpToNewest };
}
