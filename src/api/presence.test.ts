import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import { getRealmPresence, getUserPresence, updatePresence } from "./presence";

describe("presence bindings", () => {
  it("getUserPresence GETs users/{email}/presence, `offline` allowed in aggregated", async () => {
    const { fake, client } = setupApi();
    const presence = {
      ...wire.userPresence(),
      aggregated: { client: "website", status: "offline", timestamp: 1_700_000_000 },
    };
    fake.json(200, success({ presence }));
    const result = await getUserPresence(client, { user_id_or_email: "hamlet@parley.test" });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/users/hamlet%40parley.test/presence");
    expect(result.presence["aggregated"]?.status).toBe("offline");
  });

  it("getRealmPresence GETs realm/presence keyed by email", async () => {
    const { fake, client } = setupApi();
    const presences = { "hamlet@parley.test": wire.userPresence() };
    fake.json(200, success({ presences, server_timestamp: 1_700_000_010.5 }));
    const result = await getRealmPresence(client);
    expect(fake.lastRequest.path).toBe("/api/v1/realm/presence");
    expect(result.presences).toEqual(presences);
    expect(result.server_timestamp).toBe(1_700_000_010.5);
  });

  it("updatePresence POSTs the status and parses everyone's, slim or not", async () => {
    const { fake, client } = setupApi();
    fake.json(
      200,
      success({
        presences: { "11": { active_timestamp: 1_700_000_000, idle_timestamp: 1_700_000_005 } },
        server_timestamp: 1_700_000_010.5,
      }),
    );
    const result = await updatePresence(client, { status: "active", slim_presence: true });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/presence");
    expect(fake.lastRequest.body).toEqual({ status: "active", slim_presence: "true" });
    expect(result.presences?.["11"]).toEqual({
      active_timestamp: 1_700_000_000,
      idle_timestamp: 1_700_000_005,
    });
  });

  it("updatePresence with ping_only answers nothing", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    const result = await updatePresence(client, { status: "idle", ping_only: true });
    expect(fake.lastRequest.body).toEqual({ status: "idle", ping_only: "true" });
    expect(result.presences).toBeUndefined();
  });
});
