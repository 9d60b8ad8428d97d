import { useCallback, useEffect, useMemo } from "react";
import type { Message } from "../../api/types/message";
import type { Narrow } from "../../lib/narrow";
import { fetchNewer, fetchNewest, fetchOlder, openNarrow } from "../../stores/message-fetch";
import {
  getMessage,
  getNarrowState,
  messageStore,
  useMessageStore,
  type NarrowState,
} from "../../stores/message-store";
import { useSessionStore } from "../../stores/session-store";

/**
 * The messages of a narrow, oldest first, kept live by events. The first window is fetched once
 * an event queue exists (so nothing falls between fetch and events); a narrow already held but
 * not caught up fetches newer messages once when it opens. After a resync the event machine
 * refreshes every open narrow (`refreshOpenNarrows`); scrolling loads older and newer batches.
 */
export function useNarrowMessages(narrow: Narrow): {
  messages: Message[];
  state: NarrowState | undefined;
  retry: () => void;
  loadOlder: () => void;
  loadNewer: () => void;
  jumpToNewest: () => void;
} {
  const state = useMessageStore((store) => getNarrowState(store, narrow));
  // Messages are replaced by id in place; the store's version says when any of them changed.
  const version = useMessageStore((store) => store.version);
  const client = useSessionStore((session) => session.client);
  const hasQueue = useSessionStore((session) => session.queueId !== null);

  useEffect(() => {
    messageStore.getState().narrowOpened(narrow);
    return () => {
      messageStore.getState().narrowClosed(narrow);
    };
  }, [narrow]);

  useEffect(() => {
    if (!hasQueue) return;
    const held = getNarrowState(messageStore.getState(), narrow);
    if (held?.hasFetched !== true) void openNarrow(client, narrow);
    else if (!held.found_newest) void fetchNewer(client, narrow);
  }, [hasQueue, client, narrow]);

  const messages = useMemo(() => {
    const store = messageStore.getState();
    return version >= 0 ? (state?.ids ?? []).flatMap((id) => getMessage(store, id) ?? []) : [];
  }, [state, version]);
  const retry = useCallback(() => {
    void openNarrow(client, narrow);
  }, [client, narrow]);
  const loadOlder = useCallback(() => {
    void fetchOlder(client, narrow);
  }, [client, narrow]);
  const loadNewer = useCallback(() => {
    void fetchNewer(client, narrow);
  }, [client, narrow]);

  const jumpToNewest = useCallback(() => {
    void fetchNewest(client, narrow);
  }, [client, narrow]);

  return { messages, state, retry, loadOlder, loadNewer, jumpToNewest };
}
