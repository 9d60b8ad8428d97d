import { useCallback, useEffect, useMemo } from "react";
import type { Message } from "../../../common/wire/message";
import { fetchNewest, fetchOlder } from "../../controllers/message-fetch";
import { allMessagesNarrow } from "../../lib/narrow";
import {
  currentMessage,
  currentNarrowState,
  getNarrowState,
  messageActions,
  useMessageStore,
  type NarrowState,
} from "../../stores/message-store";
import { useSessionStore } from "../../stores/session-store";

/** Every message: Recent conversations is built from the newest of them. */
const ALL = allMessagesNarrow();

/** How many messages the first load reads (in batches of 100): a few hundred, as Zulip's. */
const FIRST_LOAD = 300;

/**
 * The newest messages of all conversations, held by the message store as the all-messages
 * narrow, which events keep live (new messages, edits, moves, deletions) and a resync catches
 * up. The first few hundred are fetched once an event queue exists; `loadMore` fetches older.
 */
export function useRecentMessages(): {
  messages: Message[];
  state: NarrowState | undefined;
  loadMore: () => void;
} {
  const state = useMessageStore((store) => getNarrowState(store, ALL));
  const version = useMessageStore((store) => store.version);
  const client = useSessionStore((session) => session.client);
  const hasQueue = useSessionStore((session) => session.queueId !== null);

  useEffect(() => {
    messageActions.narrowOpened(ALL);
    return () => {
      messageActions.narrowClosed(ALL);
    };
  }, []);

  useEffect(() => {
    if (!hasQueue) return;
    const run = { isOpen: true };
    void (async () => {
      await fetchNewest(client, ALL);
      while (run.isOpen) {
        const held = currentNarrowState(ALL);
        if (held === undefined || held.found_oldest || held.error !== null) return;
        if (held.ids.length >= FIRST_LOAD) return;
        const before = held.ids.length;
        await fetchOlder(client, ALL);
        // No progress (a failed fetch shows its error): stop rather than loop.
        if ((currentNarrowState(ALL)?.ids.length ?? 0) <= before) return;
      }
    })();
    return () => {
      run.isOpen = false;
    };
  }, [hasQueue, client]);

  const messages = useMemo(
    () =>
      version >= 0
        ? (state?.ids ?? []).flatMap((id) => {
            const message = currentMessage(id);
            return message === undefined ? [] : [message];
          })
        : [],
    [state, version],
  );
  const loadMore = useCallback(() => {
    void fetchOlder(client, ALL);
  }, [client]);
  return { messages, state, loadMore };
}
