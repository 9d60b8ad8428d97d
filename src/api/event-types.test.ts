import { describe, expect, expectTypeOf, it } from "vitest";
import * as ev from "../test/api-events";
import * as wire from "../test/api-fixtures";
import * as eg from "../test/example-data";
// The store-facing shapes of contract §2: the events must be assignable to them.
import type { FlagChange, MessageUpdate, ReactionChange } from "../stores/message-store";
import {
  parseServerEvent,
  SERVER_EVENT_TYPES,
  type ReactionEvent,
  type UpdateMessageEvent,
  type UpdateMessageFlagsEvent,
} from "../../common/wire/events";
import { deletedMessageIds } from "../../common/wire/message-events";

describe("event types against the store contract", () => {
  it("are assignable to MessageUpdate, FlagChange and ReactionChange", () => {
    expectTypeOf<UpdateMessageEvent>().toExtend<MessageUpdate>();
    expectTypeOf<UpdateMessageFlagsEvent>().toExtend<FlagChange>();
    expectTypeOf<ReactionEvent>().toExtend<ReactionChange>();
  });
});

/** Every event form our server sends, plus Zulip's forms it does not (from Zulip's OpenAPI). */
const valid: [string, Record<string, unknown>][] = [
  ["message", eg.messageEvent(1, eg.streamMessage({ id: 1000 }), ["mentioned"])],
  ["message with local id", { ...eg.messageEvent(1, eg.streamMessage()), local_message_id: "7" }],
  ["update_message content", ev.contentEdit()],
  ["update_message move", ev.topicMove({ new_stream_id: 13 })],
  ["update_message rendering only", ev.contentEdit({ user_id: null, rendering_only: true })],
  ["delete_message bulk", ev.deleteMessages([1000, 1001])],
  [
    "delete_message single (legacy)",
    { id: 3, type: "delete_message", message_id: 1000, message_type: "private" },
  ],
  ["update_message_flags", ev.flags()],
  ["mark all as read", ev.flags({ flag: "read", messages: [], all: true })],
  [
    "mark as unread with details",
    ev.flags({
      op: "remove",
      flag: "read",
      message_details: {
        "1000": { type: "stream", stream_id: 12, topic: "lunch", mentioned: true },
        "1001": { type: "private", user_ids: [11] },
      },
    }),
  ],
  [
    "attachment remove",
    { id: 4, type: "attachment", op: "remove", attachment: { id: 9 }, upload_space_used: 0 },
  ],
  ["reaction add", ev.reaction("add")],
  ["reaction remove", ev.reaction("remove")],
  ["subscription add", ev.subscriptionAdd(wire.subscription())],
  ["subscription remove", ev.subscriptionRemove(12, "general")],
  ["subscription update", ev.subscriptionUpdate(12, "pin_to_top", true)],
  ["subscription update to null", ev.subscriptionUpdate(12, "desktop_notifications", null)],
  ["peer_add", ev.peers("peer_add", [12], [11])],
  ["peer_remove", ev.peers("peer_remove", [12, 13], [11, 14])],
  ["stream create", ev.streamCreate(wire.stream({ stream_id: 13, name: "design" }))],
  ["stream delete", ev.streamDelete(wire.stream())],
  ["stream update", ev.streamUpdate()],
  ["realm_user add", ev.realmUserAdd()],
  ["realm_user update name", ev.realmUserUpdate({ user_id: 11, full_name: "Hamlet" })],
  ["realm_user update role", ev.realmUserUpdate({ user_id: 11, role: 200 })],
  ["realm_user remove", ev.realmUserRemove(11)],
  ["realm_emoji", ev.realmEmoji(wire.realmEmoji(), wire.realmEmoji({ id: "2", name: "duck" }))],
  ["realm_linkifiers", ev.realmLinkifiers(wire.linkifier())],
  ["realm_filters", ev.realmFilters()],
  ["user_group add", ev.userGroupAdd()],
  [
    "user_group update",
    { id: 1, type: "user_group", op: "update", group_id: 13, data: { name: "danes" } },
  ],
  [
    "user_group add_members",
    { id: 1, type: "user_group", op: "add_members", group_id: 13, user_ids: [12] },
  ],
  [
    "user_group remove_members",
    { id: 1, type: "user_group", op: "remove_members", group_id: 13, user_ids: [10] },
  ],
  [
    "user_group add_subgroups",
    { id: 1, type: "user_group", op: "add_subgroups", group_id: 13, direct_subgroup_ids: [2] },
  ],
  ["user_group remove", { id: 1, type: "user_group", op: "remove", group_id: 13 }],
  ["presence", ev.presence()],
  ["presence on a slim queue (no email)", ev.presence({ email: undefined })],
  ["typing direct", ev.typingDirect()],
  ["typing stream", ev.typingStream("stop")],
  [
    "user_settings",
    { id: 1, type: "user_settings", op: "update", property: "translate_emoticons", value: true },
  ],
  [
    "update_display_settings (legacy)",
    {
      id: 1,
      type: "update_display_settings",
      user: "hamlet@example.com",
      setting_name: "translate_emoticons",
      setting: false,
    },
  ],
  ["typing before FL 215", { ...ev.typingDirect(), message_type: "private" }],
  ["heartbeat", ev.heartbeat()],
  ["restart", ev.restart()],
  [
    "user_topic",
    {
      id: 30,
      type: "user_topic",
      stream_id: 3,
      topic_name: "lunch",
      last_updated: 1_700_000_000,
      visibility_policy: 3,
    },
  ],
];

describe("parseServerEvent", () => {
  it("knows one schema per type the server sends", () => {
    expect([...SERVER_EVENT_TYPES].sort()).toEqual(
      [
        ...["delete_message", "heartbeat", "message", "presence", "reaction", "realm_emoji"],
        ...["realm_filters", "realm_linkifiers", "realm_user", "restart", "stream"],
        ...["subscription", "typing", "update_message", "update_message_flags", "user_group"],
        ...["user_settings", "update_display_settings", "update_global_notifications"],
        ...["attachment", "user_topic"],
      ].sort(),
    );
  });

  it.each(valid)("parses %s", (_name, raw) => {
    const parsed = parseServerEvent(raw);
    expect(parsed).toEqual({ kind: "event", event: raw });
  });

  it("keeps fields it has no schema for (loose objects)", () => {
    const parsed = parseServerEvent({ ...ev.reaction(), future_field: [1] });
    expect(parsed.kind === "event" && parsed.event).toMatchObject({ future_field: [1] });
  });

  const malformed: [string, Record<string, unknown>, string][] = [
    ["message without its message", { id: 1, type: "message", flags: [] }, "message"],
    [
      "message with a bad message id",
      { ...eg.messageEvent(1, eg.streamMessage()), message: { ...eg.streamMessage(), id: "1" } },
      "message.id",
    ],
    [
      "update_message without message_ids",
      { ...ev.contentEdit(), message_ids: undefined },
      "message_ids",
    ],
    [
      "delete_message with neither id form",
      { id: 3, type: "delete_message", message_type: "stream" },
      "message_ids: Invalid input: expected array, received undefined or message_id",
    ],
    ["flags with an unknown op", { ...ev.flags(), op: "toggle" }, "op"],
    ["flags without all", { ...ev.flags(), all: undefined }, "all"],
    ["reaction without emoji_code", { ...ev.reaction(), emoji_code: undefined }, "emoji_code"],
    ["subscription with an unknown op", { id: 1, type: "subscription", op: "frob" }, "op"],
    [
      "peer_add with a single stream_id",
      { ...ev.peers("peer_add", [], []), stream_ids: 12 },
      "stream_ids",
    ],
    [
      "stream update without stream_id",
      { ...ev.streamUpdate(), stream_id: undefined },
      "stream_id",
    ],
    [
      "realm_user add without email",
      { ...ev.realmUserAdd(), person: { ...wire.user(), email: undefined } },
      "person.email",
    ],
    ["realm_emoji as a list", { ...ev.realmEmoji(), realm_emoji: [] }, "realm_emoji"],
    [
      "realm_linkifiers without url_template",
      { ...ev.realmLinkifiers(), realm_linkifiers: [{ id: 1, pattern: "x" }] },
      "realm_linkifiers.0.url_template",
    ],
    [
      "realm_filters with a short tuple",
      { ...ev.realmFilters(), realm_filters: [["x", 1]] },
      "realm_filters.0",
    ],
    [
      "user_group members as strings",
      { id: 1, type: "user_group", op: "add_members", group_id: 13, user_ids: ["12"] },
      "user_ids",
    ],
    ["presence without presence", { ...ev.presence(), presence: undefined }, "presence"],
    [
      "presence with a bad status",
      { ...ev.presence(), presence: { web: { client: "web", status: "busy", timestamp: 1 } } },
      "presence.web.status",
    ],
    ["typing stream without topic", { ...ev.typingStream(), topic: undefined }, "topic"],
    ["restart without a version", { id: 1, type: "restart" }, "zulip_version"],
    [
      "user_topic with a policy Zulip has not",
      {
        id: 31,
        type: "user_topic",
        stream_id: 3,
        topic_name: "lunch",
        last_updated: 1_700_000_000,
        visibility_policy: 7,
      },
      "visibility_policy",
    ],
  ];

  it.each(malformed)("reports %s as malformed, keeping the id", (_name, raw, path) => {
    const parsed = parseServerEvent(raw);
    expect(parsed.kind).toBe("malformed");
    if (parsed.kind !== "malformed") return;
    expect(parsed.id).toBe(raw["id"]);
    expect(parsed.error).toContain(`${String(raw["type"])} event ${String(raw["id"])}: ${path}`);
    expect(parsed.error.length).toBeLessThan(200);
  });

  it.each([
    ["null", null, undefined],
    ["a string", "heartbeat", undefined],
    ["no type", { id: 4 }, 4],
    ["a string id", { id: "4", type: "heartbeat" }, undefined],
    ["a fractional id", { id: 4.5, type: "heartbeat" }, undefined],
    ["a numeric type", { id: 4, type: 7 }, 4],
  ])("reports an event with %s as malformed", (_name, raw, id) => {
    const parsed = parseServerEvent(raw);
    expect(parsed).toMatchObject({ kind: "malformed", id });
    expect(parsed.kind === "malformed" && parsed.error).toMatch(/^event envelope: /);
  });

  it.each(["alert_words", "custom_profile_fields", "constructor", "__proto__", "toString"])(
    "skips the unknown type %s quietly",
    (type) => {
      expect(parseServerEvent({ id: 9, type, op: "update" })).toEqual({
        kind: "unknown",
        id: 9,
        type,
      });
    },
  );
});

describe("deletedMessageIds", () => {
  it("reads both forms of delete_message", () => {
    expect(deletedMessageIds(ev.deleteMessages([5, 6]))).toEqual([5, 6]);
    const single = parseServerEvent({
      id: 1,
      type: "delete_message",
      message_id: 7,
      message_type: "private",
    });
    expect(single.kind === "event" && single.event.type === "delete_message").toBe(true);
    if (single.kind === "event" && single.event.type === "delete_message") {
      expect(deletedMessageIds(single.event)).toEqual([7]);
    }
  });

  it("refuses an event carrying both forms, which no server sends", () => {
    const both = { ...ev.deleteMessages([5]), message_id: 5 };
    expect(parseServerEvent(both).kind).toBe("malformed");
  });
});
