import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import * as ev from "../test/api-events";
import * as wire from "../test/api-fixtures";
import * as eg from "../test/example-data";
import { messageQueries } from "./message-queries";
import { presenceQueries } from "./presence-queries";
import { applyEventToQueries, seedQueriesFromSnapshot } from "./query-events";
import { realmQueries } from "./realm-queries";
import { streamQueries } from "./stream-queries";
import { subscriptionQueries } from "./subscription-queries";
import { userQueries } from "./user-queries";

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

const isInvalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated;
const topicsOf = (streamId: number) =>
  queryClient.getQueryData(streamQueries.topics(streamId).queryKey);
const subscriptions = () => queryClient.getQueryData(subscriptionQueries.list().queryKey);
const streams = () => queryClient.getQueryData(streamQueries.list().queryKey);

describe("seedQueriesFromSnapshot", () => {
  it("seeds every cache the snapshot covers", () => {
    const zulipUser = wire.user({ user_id: 11 });
    delete zulipUser.is_active; // real Zulip leaves it out of realm_users
    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({
        subscriptions: [wire.subscription()],
        streams: [wire.stream(), wire.stream({ stream_id: 13, name: "design" })],
        realm_users: [zulipUser],
        realm_non_active_users: [wire.user({ user_id: 12, is_active: false })],
        realm_emoji: { "1": wire.realmEmoji() },
        realm_user_groups: [wire.userGroup()],
        realm_linkifiers: [wire.linkifier()],
        realm_filters: [],
        presences: { "hamlet@parley.test": wire.userPresence() },
        server_timestamp: 1_700_000_001.5,
      }),
    );
    expect(subscriptions()).toEqual([wire.subscription()]);
    expect(streams()?.map((s) => s.stream_id)).toEqual([12, 13]);
    expect(queryClient.getQueryData(userQueries.list().queryKey)).toEqual([
      { ...zulipUser, is_active: true },
      wire.user({ user_id: 12, is_active: false }),
    ]);
    expect(queryClient.getQueryData(realmQueries.emoji().queryKey)).toEqual({
      "1": wire.realmEmoji(),
    });
    expect(queryClient.getQueryData(realmQueries.userGroups().queryKey)).toEqual([
      wire.userGroup(),
    ]);
    expect(queryClient.getQueryData(realmQueries.linkifiers().queryKey)).toEqual([
      wire.linkifier(),
    ]);
    expect(queryClient.getQueryData(presenceQueries.realm().queryKey)).toEqual({
      presences: { "hamlet@parley.test": wire.userPresence() },
      server_timestamp: 1_700_000_001.5,
    });
  });

  it("invalidates what events maintain but the snapshot lacks (events may have been missed)", () => {
    const keys = [
      streamQueries.topics(12).queryKey,
      messageQueries.history(1000).queryKey,
      userQueries.me().queryKey,
      userQueries.presence("hamlet@parley.test").queryKey,
    ];
    queryClient.setQueryData(streamQueries.topics(12).queryKey, []);
    queryClient.setQueryData(messageQueries.history(1000).queryKey, []);
    queryClient.setQueryData(userQueries.presence("hamlet@parley.test").queryKey, {});
    queryClient.setQueryData(userQueries.me().queryKey, { ...eg.iago, result: "success", msg: "" });
    queryClient.setQueryData(realmQueries.emoji().queryKey, {});
    seedQueriesFromSnapshot(queryClient, eg.registerResponse());
    expect(keys.map(isInvalidated)).toEqual([true, true, true, true]);
    expect(isInvalidated(realmQueries.emoji().queryKey)).toBe(false);
  });

  it("seeds the rules for moving messages, null (no limit) kept apart from absent", () => {
    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({
        realm_move_messages_within_stream_limit_seconds: null,
        realm_move_messages_between_streams_policy: 4,
      }),
    );
    expect(queryClient.getQueryData(realmQueries.moveRules().queryKey)).toEqual({
      withinStreamLimitSeconds: null,
      betweenStreamsPolicy: 4,
      betweenStreamsLimitSeconds: undefined,
    });
  });

  it("leaves alone what the snapshot lacks", () => {
    queryClient.setQueryData(streamQueries.list().queryKey, [wire.stream()]);
    seedQueriesFromSnapshot(queryClient, eg.registerResponse({ realm_users: undefined }));
    expect(streams()).toEqual([wire.stream()]);
    expect(queryClient.getQueryData(userQueries.list().queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(realmQueries.emoji().queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(presenceQueries.realm().queryKey)).toBeUndefined();
  });

  it("does not take the empty list of a queue without linkifier templates for the truth", () => {
    const key = realmQueries.linkifiers().queryKey;
    queryClient.setQueryData(key, [wire.linkifier()]);
    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({
        realm_linkifiers: [],
        realm_filters: [["zulip#(?P<id>[0-9]+)", "https://x.example/%(id)s", 1]],
      }),
    );
    expect(queryClient.getQueryData(key)).toEqual([wire.linkifier()]);
    expect(isInvalidated(key)).toBe(true);

    seedQueriesFromSnapshot(
      queryClient,
      eg.registerResponse({ realm_linkifiers: [], realm_filters: [] }),
    );
    expect(queryClient.getQueryData(key)).toEqual([]);
  });
});

describe("applyEventToQueries: messages and topics", () => {
  beforeEach(() => {
    queryClient.setQueryData(streamQueries.topics(12).queryKey, [
      wire.topic("lunch", 1001),
      wire.topic("Dinner", 990),
      wire.topic("breakfast", 900),
    ]);
  });

  it("a new stream message makes its topic the newest, casing from the message", () => {
    const message = eg.streamMessage({ id: 1002, subject: "dinner" });
    applyEventToQueries(queryClient, ev.message(message));
    expect(topicsOf(12)).toEqual([
      wire.topic("dinner", 1002),
      wire.topic("lunch", 1001),
      wire.topic("breakfast", 900),
    ]);
    // Replayed: nothing moves.
    applyEventToQueries(queryClient, ev.message(message));
    expect(topicsOf(12)?.[0]).toEqual(wire.topic("dinner", 1002));
  });

  it("a message to a new topic adds it; a stream whose topics are not cached stays so", () => {
    applyEventToQueries(queryClient, ev.message(eg.streamMessage({ id: 1003, subject: "tea" })));
    expect(topicsOf(12)?.[0]).toEqual(wire.topic("tea", 1003));
    applyEventToQueries(
      queryClient,
      ev.message(eg.streamMessage({ id: 1004, stream_id: 13, display_recipient: "design" })),
    );
    expect(topicsOf(13)).toBeUndefined();
  });

  it("an older message (fetched late) does not lower max_id", () => {
    applyEventToQueries(queryClient, ev.message(eg.streamMessage({ id: 950, subject: "lunch" })));
    expect(topicsOf(12)?.[0]).toEqual(wire.topic("lunch", 1001));
  });

  it("an edit invalidates the edit history of every changed message", () => {
    for (const id of [1000, 1001, 1002]) {
      queryClient.setQueryData(messageQueries.history(id).queryKey, wire.messageHistory());
    }
    applyEventToQueries(queryClient, ev.contentEdit({ message_ids: [1000, 1001] }));
    expect(isInvalidated(messageQueries.history(1000).queryKey)).toBe(true);
    expect(isInvalidated(messageQueries.history(1001).queryKey)).toBe(true);
    expect(isInvalidated(messageQueries.history(1002).queryKey)).toBe(false);
    expect(isInvalidated(streamQueries.topics(12).queryKey)).toBe(false);
  });

  it("a rendering-only update leaves the history alone", () => {
    queryClient.setQueryData(messageQueries.history(1000).queryKey, wire.messageHistory());
    applyEventToQueries(queryClient, ev.contentEdit({ user_id: null, rendering_only: true }));
    expect(isInvalidated(messageQueries.history(1000).queryKey)).toBe(false);
  });

  it("a topic move bumps the new topic at once and refetches the list", () => {
    applyEventToQueries(
      queryClient,
      ev.topicMove({ message_ids: [1000, 1001], orig_subject: "lunch", subject: "brunch" }),
    );
    expect(topicsOf(12)?.[0]).toEqual(wire.topic("brunch", 1001));
    expect(isInvalidated(streamQueries.topics(12).queryKey)).toBe(true);
  });

  it("a stream move bumps the topic in the new stream and refetches both lists", () => {
    queryClient.setQueryData(streamQueries.topics(13).queryKey, [wire.topic("older", 500)]);
    applyEventToQueries(
      queryClient,
      ev.topicMove({ new_stream_id: 13, subject: undefined, message_ids: [1000, 1001] }),
    );
    expect(topicsOf(13)).toEqual([wire.topic("lunch", 1001), wire.topic("older", 500)]);
    expect(isInvalidated(streamQueries.topics(12).queryKey)).toBe(true);
    expect(isInvalidated(streamQueries.topics(13).queryKey)).toBe(true);
  });

  it("a deletion drops the messages' history and refetches the stream's topics", () => {
    queryClient.setQueryData(messageQueries.history(1001).queryKey, wire.messageHistory());
    applyEventToQueries(queryClient, ev.deleteMessages([1001]));
    expect(queryClient.getQueryState(messageQueries.history(1001).queryKey)).toBeUndefined();
    expect(isInvalidated(streamQueries.topics(12).queryKey)).toBe(true);
  });

  it("deleting a direct message touches no topic list", () => {
    applyEventToQueries(queryClient, ev.deleteMessages([1001], null));
    expect(isInvalidated(streamQueries.topics(12).queryKey)).toBe(false);
  });
});

describe("applyEventToQueries: subscriptions", () => {
  const design = wire.subscription({ stream_id: 13, name: "design", subscribers: [10] });
  beforeEach(() => {
    queryClient.setQueryData(subscriptionQueries.list().queryKey, [wire.subscription(), design]);
  });

  it("add appends new subscriptions and replaces known ones", () => {
    const renamed = wire.subscription({ name: "general chat" });
    const random = wire.subscription({ stream_id: 14, name: "random" });
    applyEventToQueries(queryClient, ev.subscriptionAdd(renamed, random));
    expect(subscriptions()).toEqual([renamed, design, random]);
  });

  it("remove drops them", () => {
    applyEventToQueries(queryClient, ev.subscriptionRemove(12, "general"));
    expect(subscriptions()).toEqual([design]);
  });

  it("update sets the property; muting keeps in_home_view its negation", () => {
    applyEventToQueries(queryClient, ev.subscriptionUpdate(13, "pin_to_top", true));
    applyEventToQueries(queryClient, ev.subscriptionUpdate(13, "is_muted", true));
    expect(subscriptions()?.[1]).toMatchObject({
      pin_to_top: true,
      is_muted: true,
      in_home_view: false,
    });
    applyEventToQueries(queryClient, ev.subscriptionUpdate(13, "in_home_view", true));
    expect(subscriptions()?.[1]).toMatchObject({ is_muted: false, in_home_view: true });
    expect(subscriptions()?.[0]).toEqual(wire.subscription());
  });

  it("an update that would break the shape invalidates instead", () => {
    applyEventToQueries(queryClient, ev.subscriptionUpdate(13, "color", null));
    expect(subscriptions()?.[1]).toEqual(design);
    expect(isInvalidated(subscriptionQueries.list().queryKey)).toBe(true);
  });

  it("peer_add and peer_remove change the subscriber lists", () => {
    applyEventToQueries(queryClient, ev.peers("peer_add", [12, 13], [15, 11]));
    expect(subscriptions()?.map((s) => s.subscribers)).toEqual([
      [10, 11, 15],
      [10, 11, 15],
    ]);
    applyEventToQueries(queryClient, ev.peers("peer_remove", [13], [10, 15]));
    expect(subscriptions()?.[1]?.subscribers).toEqual([11]);
  });
});

describe("applyEventToQueries: streams", () => {
  beforeEach(() => {
    queryClient.setQueryData(streamQueries.list().queryKey, [wire.stream()]);
    queryClient.setQueryData(subscriptionQueries.list().queryKey, [wire.subscription()]);
  });

  it("create adds the stream, once", () => {
    const design = wire.stream({ stream_id: 13, name: "design" });
    applyEventToQueries(queryClient, ev.streamCreate(design));
    applyEventToQueries(queryClient, ev.streamCreate(design));
    expect(streams()).toEqual([wire.stream(), design]);
    expect(subscriptions()).toEqual([wire.subscription()]);
  });

  it("delete removes the stream, its subscription and its topics", () => {
    queryClient.setQueryData(streamQueries.topics(12).queryKey, [wire.topic("lunch", 1)]);
    applyEventToQueries(queryClient, ev.streamDelete(wire.stream()));
    expect(streams()).toEqual([]);
    expect(subscriptions()).toEqual([]);
    expect(queryClient.getQueryState(streamQueries.topics(12).queryKey)).toBeUndefined();
  });

  it("update changes stream and subscription, with the rendered description", () => {
    applyEventToQueries(queryClient, ev.streamUpdate());
    const expected = {
      description: "Everyone, really",
      rendered_description: "<p>Everyone, really</p>",
    };
    expect(streams()?.[0]).toMatchObject(expected);
    expect(subscriptions()?.[0]).toMatchObject({ ...expected, color: "#76ce90" });
    applyEventToQueries(
      queryClient,
      ev.streamUpdate({
        property: "invite_only",
        value: true,
        history_public_to_subscribers: false,
        is_web_public: false,
      }),
    );
    expect(streams()?.[0]).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
  });
});
