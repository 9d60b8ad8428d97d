import { describe, expect, it } from "vitest";
import * as wire from "../test/api-fixtures";
import * as eg from "../test/example-data";
import { createFakeFetch, success } from "../test/fake-fetch";
import { createApiClient } from "./client";
import { MalformedResponseError } from "./errors";
import { deleteQueue, getEvents, registerQueue } from "./events";

function setup() {
  const fake = createFakeFetch();
  return {
    fake,
    client: createApiClient({
      auth: { email: "iago@parley.test", apiKey: "k" },
      fetch: fake.fetch,
    }),
  };
}

describe("event queue bindings", () => {
  it("registerQueue POSTs JSON-encoded options and parses the snapshot", async () => {
    const { fake, client } = setup();
    fake.json(200, success(eg.registerResponse({ queue_id: "q7" })));
    const snapshot = await registerQueue(client, {
      apply_markdown: true,
      client_capabilities: { notification_settings_null: true },
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/register");
    expect(fake.lastRequest.body).toEqual({
      apply_markdown: "true",
      client_capabilities: '{"notification_settings_null":true}',
    });
    expect(snapshot.queue_id).toBe("q7");
    expect(snapshot.subscriptions).toHaveLength(1);
  });

  it("registerQueue parses every snapshot key the server sends", async () => {
    const { fake, client } = setup();
    const snapshot = {
      ...eg.registerResponse(),
      zulip_merge_base: "9.0-parley",
      streams: [wire.stream()],
      never_subscribed: [wire.stream({ stream_id: 13, name: "design", subscribers: [11] })],
      unsubscribed: [],
      realm_users: [wire.user()],
      realm_non_active_users: [wire.user({ user_id: 12, is_active: false })],
      cross_realm_bots: [],
      delivery_email: "iago@parley.test",
      avatar_url: "/avatar/10",
      is_owner: false,
      is_moderator: false,
      is_guest: false,
      realm_uri: "http://localhost:9991",
      realm_message_content_edit_limit_seconds: 600,
      realm_allow_edit_history: true,
      server_presence_offline_threshold_seconds: 200,
      realm_linkifiers: [wire.linkifier()],
      realm_filters: [],
      realm_emoji: { "1": wire.realmEmoji() },
      realm_user_groups: [wire.userGroup()],
      presences: { "hamlet@parley.test": wire.userPresence() },
      server_timestamp: 1_700_000_000.5,
    };
    fake.json(200, success(snapshot));
    const result = await registerQueue(client, { fetch_event_types: ["realm_emoji"] });
    expect(fake.lastRequest.body).toEqual({ fetch_event_types: '["realm_emoji"]' });
    expect(result).toEqual(success(snapshot));
  });

  it("registerQueue accepts the old linkifier tuples and slim presences", async () => {
    const { fake, client } = setup();
    const snapshot = {
      ...eg.registerResponse(),
      realm_linkifiers: [],
      realm_filters: [["#(?P<id>[0-9]+)", "https://tracker.example/%(id)s", 4]],
      presences: { "11": { active_timestamp: 1_700_000_000, idle_timestamp: 1_700_000_001 } },
      server_timestamp: 1_700_000_002,
    };
    fake.json(200, success(snapshot));
    const result = await registerQueue(client, { slim_presence: true });
    expect(result.realm_filters?.[0]).toEqual([
      "#(?P<id>[0-9]+)",
      "https://tracker.example/%(id)s",
      4,
    ]);
    expect(result.presences?.["11"]).toEqual(snapshot.presences["11"]);
  });

  it("registerQueue rejects a snapshot whose known key has the wrong shape", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ ...eg.registerResponse(), realm_emoji: [] }));
    await expect(registerQueue(client, {})).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it("getEvents GETs with queue_id, last_event_id and dont_block", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ events: [{ id: 0, type: "heartbeat" }] }));
    const result = await getEvents(client, { queue_id: "q7", last_event_id: -1, dont_block: true });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/events");
    expect(fake.lastRequest.query).toEqual({
      queue_id: "q7",
      last_event_id: "-1",
      dont_block: "true",
    });
    expect(result.events).toEqual([{ id: 0, type: "heartbeat" }]);
  });

  it("deleteQueue sends DELETE with keepalive", async () => {
    const { fake, client } = setup();
    fake.json(200, success({}));
    await deleteQueue(client, { queue_id: "q7" });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/events");
    expect(fake.lastRequest.query).toEqual({ queue_id: "q7" });
    expect(fake.lastRequest.keepalive).toBe(true);
  });
});
