// The server writes what the client's schemas (common/wire/) read: its handlers, events and
// wire formats are typed by them. This file is checked by `tsc -b`: each `@ts-expect-error`
// fails the type-check if the server's code accepts the drift it marks, and each
// `expectTypeOf` if a format function no longer returns the shared type.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Message, Reaction } from "../common/wire/message";
import type { RealmEmoji } from "../common/wire/realm";
import type { Stream, Subscription } from "../common/wire/streams";
import type { User } from "../common/wire/users";
import { QueueRegistry } from "./events/queue-registry";
import { formatEmoji } from "./format/emoji";
import { formatMessage, formatReaction } from "./format/message";
import { formatStream, formatSubscription } from "./format/stream";
import { formatUser } from "./format/user";
import { publicEndpoint, userEndpoint } from "./http/endpoint";
import { FakeClock } from "./test/fake-clock";

describe("the server's wire types", () => {
  it("make a handler answer its endpoint's response schema", () => {
    const endpoints = [
      userEndpoint("messages", {
        // @ts-expect-error `id` is required by `sendMessageResponseSchema`.
        POST: () => Promise.resolve({}),
      }),
      userEndpoint("messages", {
        // @ts-expect-error `id` is a number.
        POST: () => Promise.resolve({ id: "1" }),
      }),
      publicEndpoint("server_settings", {
        // @ts-expect-error `zulip_feature_level` is required.
        GET: () => Promise.resolve({ zulip_version: "9.0" }),
      }),
      // @ts-expect-error `PUT /messages` is no endpoint of the shared table.
      userEndpoint("messages", { PUT: () => Promise.resolve({}) }),
      // @ts-expect-error Nor is `GET /no_such_path`.
      userEndpoint("no_such_path", { GET: () => Promise.resolve({}) }),
      // Extra fields (Zulip's that the client does not read) are fine: the schemas are loose.
      userEndpoint("messages", { POST: () => Promise.resolve({ id: 1, extra: true }) }),
    ];
    expect(endpoints).toHaveLength(6);
  });

  it("make an event published to the queues one the client's schemas accept", () => {
    const registry = new QueueRegistry(new FakeClock(), {
      heartbeatSeconds: 45,
      queueTimeoutSeconds: 600,
      maxQueuesPerUser: 10,
    });
    // @ts-expect-error A `message` event carries the message.
    registry.publish([1], () => ({ type: "message", flags: [] }));
    // @ts-expect-error `typing` says who is typing.
    registry.publish([1], () => ({ type: "typing", op: "start", message_type: "direct" }));
    // @ts-expect-error The client knows no `no_such_event`.
    registry.publish([1], () => ({ type: "no_such_event" }));
    registry.publish([1], () => ({ type: "heartbeat" }));
    expect(registry.size).toBe(0);
  });

  it("make the format functions return the shared types", () => {
    expectTypeOf(formatMessage).returns.toEqualTypeOf<Message>();
    expectTypeOf(formatReaction).returns.toEqualTypeOf<Reaction>();
    expectTypeOf(formatStream).returns.toEqualTypeOf<Stream>();
    expectTypeOf(formatSubscription).returns.toEqualTypeOf<Subscription>();
    expectTypeOf(formatUser).returns.toEqualTypeOf<User>();
    expectTypeOf(formatEmoji).returns.toEqualTypeOf<RealmEmoji>();
  });
});
