import { describe, expect, it } from "vitest";
import { createFakeFetch, success } from "../test/fake-fetch";
import { createApiClient } from "./client";
import { UnauthorizedError } from "./errors";
import { devFetchApiKey, devListUsers, fetchApiKey, getServerSettings } from "./server";
import { getSubscriptions } from "./subscriptions";
import * as eg from "../test/example-data";

describe("unauthenticated bindings", () => {
  it("getServerSettings and devListUsers GET without credentials", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ fetch: fake.fetch });
    fake.json(
      200,
      success({ zulip_version: "9.0", zulip_feature_level: 247, realm_name: "Parley" }),
    );
    fake.json(
      200,
      success({
        direct_admins: [
          { email: "iago@parley.test", realm_uri: "http://localhost", full_name: "Iago" },
        ],
        direct_users: [{ email: "hamlet@parley.test", realm_uri: "http://localhost" }],
      }),
    );
    const settings = await getServerSettings(client);
    expect(fake.lastRequest.path).toBe("/api/v1/server_settings");
    const users = await devListUsers(client);
    expect(fake.lastRequest.path).toBe("/api/v1/dev_list_users");
    expect(fake.lastRequest.headers.has("Authorization")).toBe(false);
    expect(settings.realm_name).toBe("Parley");
    expect(users.direct_admins[0]?.full_name).toBe("Iago");
    expect(users.direct_users[0]?.full_name).toBeUndefined();
  });

  it("devFetchApiKey POSTs the username", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ fetch: fake.fetch });
    fake.json(200, success({ api_key: "secret", email: "iago@parley.test", user_id: 10 }));
    const result = await devFetchApiKey(client, { username: "iago@parley.test" });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/dev_fetch_api_key");
    expect(fake.lastRequest.body).toEqual({ username: "iago@parley.test" });
    expect(result).toMatchObject({ api_key: "secret", user_id: 10 });
  });
});

describe("fetchApiKey", () => {
  it("POSTs username and password without credentials", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ fetch: fake.fetch });
    fake.json(200, success({ api_key: "secret", email: "iago@parley.test", user_id: 10 }));
    const result = await fetchApiKey(client, { username: "iago@parley.test", password: "pw&=1" });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/fetch_api_key");
    expect(fake.lastRequest.headers.has("Authorization")).toBe(false);
    expect(fake.lastRequest.body).toEqual({ username: "iago@parley.test", password: "pw&=1" });
    expect(result).toMatchObject({ api_key: "secret", email: "iago@parley.test", user_id: 10 });
  });

  it("a wrong password is a 401 with AUTHENTICATION_FAILED", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ fetch: fake.fetch });
    fake.json(401, {
      result: "error",
      msg: "Your username or password is incorrect",
      code: "AUTHENTICATION_FAILED",
    });
    const error = await fetchApiKey(client, { username: "iago@parley.test", password: "x" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ code: "AUTHENTICATION_FAILED" });
  });
});

describe("getSubscriptions", () => {
  it("GETs users/me/subscriptions", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ auth: { email: "a@b", apiKey: "k" }, fetch: fake.fetch });
    fake.json(200, success({ subscriptions: [eg.subscription()] }));
    const result = await getSubscriptions(client);
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/subscriptions");
    expect(result.subscriptions[0]?.name).toBe("general");
  });
});
