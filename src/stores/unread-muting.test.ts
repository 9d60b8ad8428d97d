import { describe, expect, it } from "vitest";
import type { UnreadMessages } from "../../common/wire/register";
import { OWN_ID } from "../test/store-messages";
import { mutingFromSnapshot } from "./muting";
import {
  allUnread,
  createUnreadStore,
  currentCountedUnreadEntries,
  isConversationMuted,
  streamUnread,
  topicUnread,
  totalUnread,
  unreadStore,
  type UnreadStoreState,
} from "./unread-store";

// Stream 12: lunch (2 unread), dinner (1); stream 13: news (1); one direct message.
const snapshot: UnreadMessages = {
  count: 5,
  streams: [
    { stream_id: 12, topic: "lunch", unread_message_ids: [1, 2] },
    { stream_id: 12, topic: "Dinner", unread_message_ids: [3] },
    { stream_id: 13, topic: "news", unread_message_ids: [4] },
  ],
  pms: [{ other_user_id: 11, unread_message_ids: [5] }],
  huddles: [],
  mentions: [],
  old_unreads_missing: false,
};

function setup() {
  const store = createUnreadStore({ lookupMessage: () => undefined });
  store.getState().snapshotLoaded(snapshot, OWN_ID);
  return store;
}

function counts(state: UnreadStoreState) {
  return {
    total: totalUnread(state),
    s12: streamUnread(state, 12),
    s13: streamUnread(state, 13),
    lunch: topicUnread(state, 12, "lunch"),
  };
}

describe("unread counts with muting (Zulip's unread.ts)", () => {
  it("leaves a muted topic out of its stream's count and the total, not its own", () => {
    const store = setup();
    expect(counts(store.getState())).toEqual({ total: 5, s12: 3, s13: 1, lunch: 2 });
    store.getState().topicPolicyChanged(12, "LUNCH", 1);
    expect(counts(store.getState())).toEqual({ total: 3, s12: 1, s13: 1, lunch: 2 });
    expect(allUnread(store.getState())).toBe(5);
    expect(isConversationMuted(store.getState(), 12, "Lunch")).toBe(true);
    store.getState().topicPolicyChanged(12, "lunch", 0);
    expect(counts(store.getState())).toEqual({ total: 5, s12: 3, s13: 1, lunch: 2 });
  });

  it("counts a muted stream's unmuted and followed topics only", () => {
    const store = setup();
    store.getState().streamMuteChanged(12, true);
    expect(counts(store.getState())).toEqual({ total: 2, s12: 0, s13: 1, lunch: 2 });
    store.getState().topicPolicyChanged(12, "dinner", 3);
    expect(counts(store.getState())).toEqual({ total: 3, s12: 1, s13: 1, lunch: 2 });
    store.getState().topicPolicyChanged(12, "lunch", 2);
    expect(counts(store.getState())).toEqual({ total: 5, s12: 3, s13: 1, lunch: 2 });
    expect(isConversationMuted(store.getState(), 12, "lunch")).toBe(false);
    store.getState().streamMuteChanged(12, false);
    expect(counts(store.getState())).toEqual({ total: 5, s12: 3, s13: 1, lunch: 2 });
  });

  it("keeps the counts right as messages arrive and are read in a muted topic", () => {
    const store = setup();
    store.getState().topicPolicyChanged(13, "news", 1);
    expect(totalUnread(store.getState())).toBe(4);
    store.getState().flagsChanged({ op: "add", flag: "read", messages: [4] });
    expect(counts(store.getState())).toEqual({ total: 4, s12: 3, s13: 0, lunch: 2 });
  });

  it("loads muted streams and policies from the register snapshot", () => {
    const store = setup();
    store.getState().mutingLoaded(
      mutingFromSnapshot(
        [
          { stream_id: 12, is_muted: false },
          { stream_id: 13, is_muted: true },
        ],
        [{ stream_id: 12, topic_name: "Lunch", visibility_policy: 1 }],
      ),
    );
    expect(counts(store.getState())).toEqual({ total: 2, s12: 1, s13: 0, lunch: 2 });
  });

  it("leaves muted conversations out of the unreads 'next unread' walks", () => {
    unreadStore.getState().snapshotLoaded(snapshot, OWN_ID);
    unreadStore.getState().topicPolicyChanged(12, "lunch", 1);
    expect(currentCountedUnreadEntries().map(([id]) => id)).toEqual([3, 4, 5]);
    unreadStore.getState().reset();
  });
});
