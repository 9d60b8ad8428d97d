import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../test/message-action-helpers";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let hamlet: string;
let general: number;

beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  const [row] = await server.ctx.db.query<{ id: number }>(
    "SELECT id FROM streams WHERE name = 'general'",
  );
  general = row!.id;
});
afterAll(async () => {
  await server.close();
});

const update = (data: readonly unknown[], auth = hamlet) =>
  server.api("POST", "users/me/subscriptions/properties", { subscription_data: data }, auth);

async function generalSubscription(): Promise<Record<string, unknown>> {
  const { state } = await registerQueue(server, hamlet, { fetch_event_types: ["subscription"] });
  const subs = state["subscriptions"] as Record<string, unknown>[];
  return subs.find((sub) => sub["stream_id"] === general)!;
}

describe("POST /users/me/subscriptions/properties", () => {
  it.each([
    ["color", "#AA0011", "#aa0011"],
    ["pin_to_top", true, true],
    ["desktop_notifications", true, true],
    ["audible_notifications", false, false],
    ["push_notifications", true, true],
    ["email_notifications", false, false],
    ["wildcard_mentions_notify", true, true],
    ["wildcard_mentions_notify", null, null],
  ])(
    "sets %s to %j: stored, in register, and in an update event",
    async (property, value, stored) => {
      const { queueId } = await registerQueue(server, hamlet, { event_types: ["subscription"] });
      const reply = await update([{ stream_id: general, property, value }]);
      expect(reply.body["result"], JSON.stringify(reply.body)).toBe("success");
      expect((await generalSubscription())[property]).toEqual(stored);
      expect(await queuedEvents(server, hamlet, queueId)).toMatchObject([
        { type: "subscription", op: "update", stream_id: general, property, value: stored },
      ]);
    },
  );

  it("mutes with is_muted or in_home_view, each sending both events", async () => {
    const { queueId } = await registerQueue(server, hamlet, { event_types: ["subscription"] });
    await update([{ stream_id: general, property: "is_muted", value: true }]);
    expect(await generalSubscription()).toMatchObject({ is_muted: true, in_home_view: false });
    await update([{ stream_id: general, property: "in_home_view", value: true }]);
    expect(await generalSubscription()).toMatchObject({ is_muted: false, in_home_view: true });
    const events = await queuedEvents(server, hamlet, queueId);
    expect(events.map((event) => [event["property"], event["value"]])).toEqual([
      ["is_muted", true],
      ["in_home_view", false],
      ["is_muted", false],
      ["in_home_view", true],
    ]);
  });

  it("applies several changes at once, in order", async () => {
    await update([
      { stream_id: general, property: "pin_to_top", value: false },
      { stream_id: general, property: "pin_to_top", value: true },
      { stream_id: general, property: "color", value: "#123456" },
    ]);
    expect(await generalSubscription()).toMatchObject({ pin_to_top: true, color: "#123456" });
  });

  it("changes nothing when one entry is bad", async () => {
    const before = await generalSubscription();
    const { queueId } = await registerQueue(server, hamlet, { event_types: ["subscription"] });
    const good = { stream_id: general, property: "color", value: "#000000" };
    expectError(
      await update([good, { stream_id: general, property: "color", value: "red" }]),
      "color is not a valid hex color code",
    );
    expectError(
      await update([good, { stream_id: general, property: "is_muted", value: "yes" }]),
      "is_muted is not a boolean",
    );
    expectError(
      await update([good, { stream_id: general, property: "pin_to_top", value: null }]),
      "pin_to_top is not a boolean",
    );
    expectError(
      await update([good, { stream_id: general, property: "name", value: "x" }]),
      "Unknown subscription property: name",
    );
    expectError(
      await update([good, { stream_id: 999_999, property: "color", value: "#000000" }]),
      "Invalid stream ID",
    );
    expectError(
      await update([good, { stream_id: general, property: "color" }]),
      "value key is missing from subscription_data[1]",
    );
    expectError(
      await update([good, { stream_id: "1", property: "color", value: "#000000" }]),
      'subscription_data[1]["stream_id"] is not an integer',
    );
    expectError(await update([good, 5]), "subscription_data[1] is not a dict");
    expect(await generalSubscription()).toEqual(before);
    expect(await queuedEvents(server, hamlet, queueId)).toEqual([]);
  });

  it("refuses a public stream one is not subscribed to", async () => {
    const [row] = await server.ctx.db.query<{ id: number }>(
      "SELECT id FROM streams WHERE name = 'random'",
    );
    await server.api("DELETE", "users/me/subscriptions", { subscriptions: ["random"] }, hamlet);
    expectError(
      await update([{ stream_id: row!.id, property: "pin_to_top", value: true }]),
      `Not subscribed to stream ID ${row!.id}`,
    );
  });
});
