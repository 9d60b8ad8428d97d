import { describe, expect, it } from "vitest";
import type { Message } from "../../../common/wire/message";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import { IdList } from "../../stores/message-ids";
import { NO_MUTING, withStreamMuted, withTopicPolicy } from "../../stores/muting";
import * as eg from "../../test/example-data";
import {
  markAllSeen,
  newWatchedIds,
  notificationTitle,
  shouldNotify,
  type NotifyContext,
} from "./should-notify";
import { conversationHash } from "../narrow/conversation-hash";

const NOW = 1_800_000_000;
const context: NotifyContext = {
  isEnabled: true,
  permission: "granted",
  isHidden: true,
  ownUserId: eg.iago.user_id,
  now: NOW,
  muting: NO_MUTING,
};

function directMessage(fields: Partial<Message> = {}): Message {
  return eg.streamMessage({
    type: "private",
    subject: "",
    stream_id: undefined,
    display_recipient: [
      { id: eg.iago.user_id, email: eg.iago.email, full_name: eg.iago.full_name },
      { id: eg.hamlet.user_id, email: eg.hamlet.email, full_name: eg.hamlet.full_name },
    ],
    timestamp: NOW - 2,
    ...fields,
  });
}

describe("shouldNotify", () => {
  it("stays quiet for wildcard mentions in muted topics and streams, not for personal mentions", () => {
    const { muted, unmuted, followed } = VISIBILITY_POLICY;
    const mutedTopic = { ...context, muting: withTopicPolicy(NO_MUTING, 12, "LUNCH", muted) };
    const mutedStream = { ...context, muting: withStreamMuted(NO_MUTING, 12, true) };
    const wildcard = eg.streamMessage({ flags: ["stream_wildcard_mentioned"], timestamp: NOW });
    const topicWildcard = eg.streamMessage({ flags: ["topic_wildcard_mentioned"], timestamp: NOW });
    const personal = eg.streamMessage({ flags: ["mentioned"], timestamp: NOW });
    for (const muting of [mutedTopic, mutedStream]) {
      expect(shouldNotify(wildcard, muting)).toBe(false);
      expect(shouldNotify(topicWildcard, muting)).toBe(false);
      expect(shouldNotify(personal, muting)).toBe(true);
    }
    // A muted stream's unmuted and followed topics are heard; other topics and streams too.
    for (const policy of [unmuted, followed]) {
      const kept = { ...context, muting: withTopicPolicy(mutedStream.muting, 12, "lunch", policy) };
      expect(shouldNotify(wildcard, kept)).toBe(true);
    }
    expect(shouldNotify(eg.streamMessage({ ...wildcard, subject: "dinner" }), mutedTopic)).toBe(
      true,
    );
    // Direct messages know no muting.
    expect(shouldNotify(directMessage(), mutedStream)).toBe(true);
  });

  it("notifies a new direct message from someone else while the tab is hidden", () => {
    expect(shouldNotify(directMessage(), context)).toBe(true);
  });

  it("notifies personal and wildcard mentions in streams, not other stream messages", () => {
    const mention = eg.streamMessage({ flags: ["mentioned"], timestamp: NOW });
    const wildcard = eg.streamMessage({ flags: ["stream_wildcard_mentioned"], timestamp: NOW });
    const plain = eg.streamMessage({ flags: [], timestamp: NOW });
    expect(shouldNotify(mention, context)).toBe(true);
    expect(shouldNotify(wildcard, context)).toBe(true);
    expect(shouldNotify(plain, context)).toBe(false);
  });

  it("notifies every message of a stream whose notifications are on, the stream's choice first", () => {
    const plain = eg.streamMessage({ flags: [], timestamp: NOW });
    const settings = {
      enable_desktop_notifications: true,
      enable_stream_desktop_notifications: true,
      enable_followed_topic_desktop_notifications: true,
    };
    expect(shouldNotify(plain, { ...context, settings })).toBe(true);
    const streamOff = () => ({ desktop_notifications: false });
    expect(shouldNotify(plain, { ...context, settings, streamSettings: streamOff })).toBe(false);
    const userOff = { ...settings, enable_stream_desktop_notifications: false };
    const streamOn = () => ({ desktop_notifications: true });
    expect(shouldNotify(plain, { ...context, settings: userOff, streamSettings: streamOn })).toBe(
      true,
    );
    const inherits = () => ({ desktop_notifications: null });
    expect(shouldNotify(plain, { ...context, settings: userOff, streamSettings: inherits })).toBe(
      false,
    );
    // Muting still silences a stream that notifies.
    const muted = withTopicPolicy(
      NO_MUTING,
      plain.stream_id ?? 0,
      "lunch",
      VISIBILITY_POLICY.muted,
    );
    expect(shouldNotify(plain, { ...context, settings, muting: muted })).toBe(false);
  });

  it("notifies every message of a followed topic, unless followed topics are turned off", () => {
    const streamId = eg.general.stream_id;
    const followed = withTopicPolicy(NO_MUTING, streamId, "Lunch", VISIBILITY_POLICY.followed);
    const message = eg.streamMessage({ flags: [], timestamp: NOW });
    expect(shouldNotify(message, { ...context, muting: followed })).toBe(true);
    const mutedStream = withStreamMuted(followed, streamId, true);
    expect(shouldNotify(message, { ...context, muting: mutedStream })).toBe(true);
    const off = {
      enable_desktop_notifications: true,
      enable_stream_desktop_notifications: false,
      enable_followed_topic_desktop_notifications: false,
    };
    expect(shouldNotify(message, { ...context, muting: followed, settings: off })).toBe(false);
    const otherTopic = eg.streamMessage({ subject: "dinner", flags: [], timestamp: NOW });
    expect(shouldNotify(otherTopic, { ...context, muting: followed })).toBe(false);
  });

  it("leaves direct messages and mentions quiet with enable_desktop_notifications off", () => {
    const settings = {
      enable_desktop_notifications: false,
      enable_stream_desktop_notifications: false,
      enable_followed_topic_desktop_notifications: true,
    };
    const mention = eg.streamMessage({ flags: ["mentioned"], timestamp: NOW });
    expect(shouldNotify(directMessage(), { ...context, settings })).toBe(false);
    expect(shouldNotify(mention, { ...context, settings })).toBe(false);
    const streamOn = () => ({ desktop_notifications: true });
    expect(shouldNotify(mention, { ...context, settings, streamSettings: streamOn })).toBe(true);
  });

  it("takes wildcard mentions in a stream as its wildcard_mentions_notify says, else the user's", () => {
    const wildcard = eg.streamMessage({ flags: ["stream_wildcard_mentioned"], timestamp: NOW });
    const settings = {
      enable_desktop_notifications: true,
      enable_stream_desktop_notifications: false,
      enable_followed_topic_desktop_notifications: true,
      wildcard_mentions_notify: false,
    };
    expect(shouldNotify(wildcard, { ...context, settings })).toBe(false);
    const streamYes = () => ({ wildcard_mentions_notify: true });
    expect(shouldNotify(wildcard, { ...context, settings, streamSettings: streamYes })).toBe(true);
    const streamNo = () => ({ wildcard_mentions_notify: false });
    expect(shouldNotify(wildcard, { ...context, streamSettings: streamNo })).toBe(false);
    const personal = eg.streamMessage({ flags: ["mentioned"], timestamp: NOW });
    expect(shouldNotify(personal, { ...context, streamSettings: streamNo })).toBe(true);
  });

  it("stays quiet while the tab is visible, when turned off, or without permission", () => {
    const message = directMessage();
    expect(shouldNotify(message, { ...context, isHidden: false })).toBe(false);
    expect(shouldNotify(message, { ...context, isEnabled: false })).toBe(false);
    expect(shouldNotify(message, { ...context, permission: "denied" })).toBe(false);
    expect(shouldNotify(message, { ...context, permission: "unsupported" })).toBe(false);
  });

  it("ignores one's own messages, read messages and old ones", () => {
    expect(shouldNotify(directMessage({ sender_id: eg.iago.user_id }), context)).toBe(false);
    expect(shouldNotify(directMessage({ flags: ["read"] }), context)).toBe(false);
    expect(shouldNotify(directMessage({ timestamp: NOW - 3600 }), context)).toBe(false);
  });
});

describe("notification text and target", () => {
  it("names the sender, and the stream and topic of a mention", () => {
    expect(notificationTitle(directMessage())).toBe("King Hamlet");
    expect(notificationTitle(eg.streamMessage({ subject: "lunch" }))).toBe(
      "King Hamlet in #general > lunch",
    );
  });

  it("opens the topic or the conversation", () => {
    expect(conversationHash(eg.streamMessage({ subject: "lunch" }), eg.iago.user_id)).toBe(
      "#narrow/stream/12-general/topic/lunch",
    );
    expect(conversationHash(directMessage(), eg.iago.user_id)).toBe(
      `#narrow/dm/${eg.hamlet.user_id}-dm`,
    );
  });
});

describe("newWatchedIds", () => {
  it("finds ids added to mention, conversation and stream lists since the last look, once each", () => {
    const byKey = new Map([
      ["mentions", new IdList([5])],
      ["dm:11", new IdList([3])],
      ["stream:12", new IdList([1, 2])],
      ["starred", new IdList([1])],
    ]);
    const seen = new Map<string, number>();
    markAllSeen(byKey, seen);
    expect(newWatchedIds(byKey, seen)).toEqual([]);

    byKey.get("mentions")?.add([8]);
    byKey.get("dm:11")?.add([7, 8]);
    byKey.get("stream:12")?.add([9]);
    byKey.get("starred")?.add([11]); // starring an old message is no news
    byKey.set("dm:11,12", new IdList([10]));
    expect(newWatchedIds(byKey, seen)).toEqual([7, 8, 9, 10]);
    expect(newWatchedIds(byKey, seen)).toEqual([]);
  });
});
