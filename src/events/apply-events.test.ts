import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "../../common/wire/events";
import type { RegisterResponse } from "../../common/wire/register";
import * as eg from "../test/example-data";
import {
  applyEventBatch,
  applySnapshot,
  type ApplyTargets,
  type MessageSink,
  type UnreadSink,
} from "./apply-events";
import { parseEventBatch } from "./event-batch";

/** Targets whose every call is logged as "target.method" in `calls`, in order. */
function spyTargets(overrides: Partial<ApplyTargets> = {}) {
  const calls: string[] = [];
  const log = (name: string) => () => void calls.push(name);
  const messages = {
    sessionStarted: vi.fn<MessageSink["sessionStarted"]>(log("messages.sessionStarted")),
    messagesReceived: vi.fn<MessageSink["messagesReceived"]>(log("messages.messagesReceived")),
    messageUpdated: vi.fn<MessageSink["messageUpdated"]>(log("messages.messageUpdated")),
    messagesDeleted: vi.fn<MessageSink["messagesDeleted"]>(log("messages.messagesDeleted")),
    flagsChanged: vi.fn<MessageSink["flagsChanged"]>(log("messages.flagsChanged")),
    reactionChanged: vi.fn<MessageSink["reactionChanged"]>(log("messages.reactionChanged")),
    eventQueueReplaced: vi.fn<MessageSink["eventQueueReplaced"]>(
      log("messages.eventQueueReplaced"),
    ),
  };
  const unreads = {
    snapshotLoaded: vi.fn<UnreadSink["snapshotLoaded"]>(log("unreads.snapshotLoaded")),
    messagesReceived: vi.fn<UnreadSink["messagesReceived"]>(log("unreads.messagesReceived")),
    messageUpdated: vi.fn<UnreadSink["messageUpdated"]>(log("unreads.messageUpdated")),
    messagesDeleted: vi.fn<UnreadSink["messagesDeleted"]>(log("unreads.messagesDeleted")),
    flagsChanged: vi.fn<UnreadSink["flagsChanged"]>(log("unreads.flagsChanged")),
    mutingLoaded: vi.fn<UnreadSink["mutingLoaded"]>(log("unreads.mutingLoaded")),
    streamMuteChanged: vi.fn<UnreadSink["streamMuteChanged"]>(log("unreads.streamMuteChanged")),
    topicPolicyChanged: vi.fn<UnreadSink["topicPolicyChanged"]>(log("unreads.topicPolicyChanged")),
  };
  const outbox = {
    queueRegistered: vi.fn(log("outbox.queueRegistered")),
    messagesArrived: vi.fn<ApplyTargets["outbox"]["messagesArrived"]>(
      log("outbox.messagesArrived"),
    ),
  };
  const queried: ServerEvent[] = [];
  const targets: ApplyTargets = {
    queryClient: new QueryClient(),
    messages: () => messages,
    unreads: () => unreads,
    queueRegistered: vi.fn(log("session.queueRegistered")),
    ownUserId: () => 10,
    outbox,
    seedQueries: vi.fn(log("queries.seed")),
    applyToQueries: (_client, event) => {
      queried.push(event);
      calls.push(`queries.${event.type}`);
    },
    refreshOpenNarrows: vi.fn(() => {
      calls.push("narrows.refresh");
      return Promise.resolve();
    }),
    warn: vi.fn(),
    ...overrides,
  };
  return { targets, calls, messages, unreads, outbox, queried };
}

const unread = {
  count: 1,
  streams: [{ stream_id: 12, topic: "lunch", unread_message_ids: [5] }],
  pms: [],
  huddles: [],
  mentions: [],
  old_unreads_missing: false,
};

describe("applySnapshot", () => {
  it("loads the first snapshot into every store, then records the queue", () => {
    const { targets, calls, messages, unreads } = spyTargets();
    const snapshot: RegisterResponse = eg.registerResponse({
      queue_id: "q1",
      user_id: 10,
      unread_msgs: unread,
    });
    applySnapshot(targets, snapshot, { isResync: false });
    expect(calls).toEqual([
      "messages.sessionStarted",
      "unreads.snapshotLoaded",
      "unreads.mutingLoaded",
      "queries.seed",
      "session.queueRegistered",
      "outbox.queueRegistered",
    ]);
    expect(messages.sessionStarted).toHaveBeenCalledWith(10);
    expect(unreads.snapshotLoaded).toHaveBeenCalledWith(unread, 10);
    expect(targets.seedQueries).toHaveBeenCalledWith(targets.queryClient, snapshot);
    expect(targets.queueRegistered).toHaveBeenCalledWith("q1");
  });

  it("on a resync replaces the state in place and refetches the open narrows", async () => {
    const { targets, calls } = spyTargets();
    applySnapshot(targets, eg.registerResponse(), { isResync: true });
    await Promise.resolve();
    expect(calls).toEqual([
      "messages.sessionStarted",
      "unreads.snapshotLoaded",
      "unreads.mutingLoaded",
      "messages.eventQueueReplaced",
      "queries.seed",
      "session.queueRegistered",
      "outbox.queueRegistered",
      "narrows.refresh",
    ]);
  });

  it("falls back to the session's user and empty unreads; reports a failed refetch", async () => {
    const refreshOpenNarrows = () => Promise.reject(new Error("offline"));
    const { targets, unreads } = spyTargets({ refreshOpenNarrows, ownUserId: () => 42 });
    const snapshot = eg.registerResponse();
    delete snapshot.user_id;
    applySnapshot(targets, snapshot, { isResync: true });
    expect(unreads.snapshotLoaded).toHaveBeenCalledWith(
      expect.objectContaining({ count: 0, streams: [] }),
      42,
    );
    await vi.waitFor(() => {
      expect(targets.warn).toHaveBeenCalledWith(
        expect.stringContaining("Refetching"),
        expect.any(Error),
      );
    });
  });
});

describe("applyEventBatch", () => {
  it("applies messages, then edits, then deletions, flags and reactions, then the caches", () => {
    const { targets, calls, messages, unreads, outbox, queried } = spyTargets();
    const batch = parseEventBatch(
      [
        { id: 1, type: "delete_message", message_id: 3, message_type: "stream" },
        {
          id: 2,
          type: "update_message_flags",
          op: "add",
          flag: "starred",
          messages: [8],
          all: false,
        },
        {
          id: 3,
          type: "update_message",
          user_id: 11,
          rendering_only: false,
          message_id: 8,
          message_ids: [8],
          flags: [],
          edit_timestamp: 1,
        },
        { ...eg.messageEvent(4, eg.streamMessage({ id: 9 })), local_message_id: "abc" },
        eg.messageEvent(5, eg.streamMessage({ id: 8 }), ["read"]),
        {
          id: 6,
          type: "reaction",
          op: "add",
          message_id: 8,
          user_id: 10,
          emoji_name: "smile",
          emoji_code: "1f642",
          reaction_type: "unicode_emoji",
        },
        { id: 7, type: "realm_emoji", op: "update", realm_emoji: {} },
      ],
      vi.fn(),
    );
    applyEventBatch(targets, batch);

    expect(calls).toEqual([
      "messages.messagesReceived",
      "unreads.messagesReceived",
      "outbox.messagesArrived",
      "messages.messageUpdated",
      "unreads.messageUpdated",
      "messages.messagesDeleted",
      "unreads.messagesDeleted",
      "messages.flagsChanged",
      "unreads.flagsChanged",
      "messages.reactionChanged",
      "queries.message",
      "queries.message",
      "queries.update_message",
      "queries.delete_message",
      "queries.update_message_flags",
      "queries.reaction",
      "queries.realm_emoji",
    ]);
    const received = messages.messagesReceived.mock.calls[0]?.[0];
    expect(received?.map((item) => [item.message.id, item.flags])).toEqual([
      [8, ["read"]],
      [9, []],
    ]);
    expect(unreads.messagesReceived).toHaveBeenCalledWith(received);
    expect(outbox.messagesArrived).toHaveBeenCalledWith([
      { messageId: 8, localId: undefined },
      { messageId: 9, localId: "abc" },
    ]);
    // The single-id form of delete_message (servers without bulk deletion).
    expect(messages.messagesDeleted).toHaveBeenCalledWith([3]);
    expect(messages.flagsChanged).toHaveBeenCalledWith(
      expect.objectContaining({ op: "add", flag: "starred", messages: [8] }),
    );
    expect(queried).toHaveLength(7);
  });

  it("lets a throwing store propagate (the machine resyncs)", () => {
    const { targets, messages } = spyTargets();
    messages.messagesReceived.mockImplementation(() => {
      throw new Error("corrupt");
    });
    const batch = parseEventBatch([eg.messageEvent(1, eg.streamMessage())], vi.fn());
    expect(() => {
      applyEventBatch(targets, batch);
    }).toThrow("corrupt");
  });
});
