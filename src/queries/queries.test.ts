import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success, type createFakeFetch } from "../test/fake-fetch";
import { sessionStore } from "../stores/session-store";
import { messageQueries } from "./message-queries";
import { presenceQueries, presenceStatus, reportPresence } from "./presence-queries";
import { realmQueries } from "./realm-queries";
import { streamQueries } from "./stream-queries";
import { userQueries } from "./user-queries";

let fake: ReturnType<typeof createFakeFetch>;
let queryClient: QueryClient;
beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.setState({ client: api.client });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe("query factories", () => {
  it("keys go from general to specific, one family per factory", () => {
    expect(streamQueries.topics(12).queryKey).toEqual(["streams", "topics", 12]);
    expect(streamQueries.topics(12).queryKey.slice(0, 2)).toEqual(streamQueries.allTopics());
    expect(userQueries.presence("a@b").queryKey).toEqual(["users", "presence", "a@b"]);
    expect(messageQueries.history(5).queryKey).toEqual(["messages", "history", 5]);
    expect(realmQueries.userGroups().queryKey).toEqual(["realm", "user-groups"]);
    expect(presenceQueries.realm().queryKey).toEqual(["presence", "realm"]);
  });

  it.each([
    [
      "streamQueries.list",
      () => queryClient.query(streamQueries.list()),
      "/api/v1/streams",
      { streams: [wire.stream()] },
      [wire.stream()],
    ],
    [
      "streamQueries.topics",
      () => queryClient.query(streamQueries.topics(12)),
      "/api/v1/users/me/12/topics",
      { topics: [wire.topic("lunch", 5)] },
      [wire.topic("lunch", 5)],
    ],
    [
      "userQueries.list",
      () => queryClient.query(userQueries.list()),
      "/api/v1/users",
      { members: [wire.user()] },
      [wire.user()],
    ],
    [
      "userQueries.presence",
      () => queryClient.query(userQueries.presence("hamlet@parley.test")),
      "/api/v1/users/hamlet%40parley.test/presence",
      { presence: wire.userPresence() },
      wire.userPresence(),
    ],
    [
      "presenceQueries.realm",
      () => queryClient.query(presenceQueries.realm()),
      "/api/v1/realm/presence",
      { presences: {}, server_timestamp: 5.5 },
      { presences: {}, server_timestamp: 5.5 },
    ],
    [
      "realmQueries.emoji",
      () => queryClient.query(realmQueries.emoji()),
      "/api/v1/realm/emoji",
      { emoji: { "1": wire.realmEmoji() } },
      { "1": wire.realmEmoji() },
    ],
    [
      "realmQueries.linkifiers",
      () => queryClient.query(realmQueries.linkifiers()),
      "/api/v1/realm/linkifiers",
      { linkifiers: [wire.linkifier()] },
      [wire.linkifier()],
    ],
    [
      "realmQueries.userGroups",
      () => queryClient.query(realmQueries.userGroups()),
      "/api/v1/user_groups",
      { user_groups: [wire.userGroup()] },
      [wire.userGroup()],
    ],
    [
      "messageQueries.history",
      () => queryClient.query(messageQueries.history(1000)),
      "/api/v1/messages/1000/history",
      { message_history: wire.messageHistory() },
      wire.messageHistory(),
    ],
  ])(
    "%s fetches through its binding and keeps the payload",
    async (_name, fetch, path, body, data) => {
      fake.json(200, success(body));
      const result: unknown = await fetch();
      expect(fake.lastRequest.path).toBe(path);
      expect(result).toEqual(data);
    },
  );
});

describe("reportPresence", () => {
  it("POSTs the status and stores everyone's presence from the answer", async () => {
    const presences = { "hamlet@parley.test": wire.userPresence() };
    fake.json(200, success({ presences, server_timestamp: 1_700_000_000.5 }));
    await reportPresence(queryClient, "active", { newUserInput: true });
    expect(fake.lastRequest.path).toBe("/api/v1/users/me/presence");
    expect(fake.lastRequest.body).toEqual({ status: "active", new_user_input: "true" });
    expect(queryClient.getQueryData(presenceQueries.realm().queryKey)).toEqual({
      presences,
      server_timestamp: 1_700_000_000.5,
    });
  });

  it("rejects with the request's error and leaves the cache alone", async () => {
    fake.json(400, {
      result: "error",
      msg: "This endpoint does not accept bot requests.",
      code: "BAD_REQUEST",
    });
    await expect(reportPresence(queryClient, "idle")).rejects.toMatchObject({ status: 400 });
    expect(queryClient.getQueryData(presenceQueries.realm().queryKey)).toBeUndefined();
  });
});

describe("presenceStatus", () => {
  const hamlet = { user_id: 11, email: "hamlet@parley.test" };
  const now = 1_700_000_000;

  it("reads the legacy form by email, offline once older than the threshold", () => {
    const presences = { "hamlet@parley.test": wire.userPresence(now - 100, "idle") };
    expect(presenceStatus(presences, hamlet, now)).toBe("idle");
    expect(presenceStatus(presences, hamlet, now + 101)).toBe("offline");
    expect(presenceStatus({ "hamlet@parley.test": wire.userPresence(now) }, hamlet, now)).toBe(
      "active",
    );
  });

  it("reads the slim form by user id", () => {
    const presences = { "11": { active_timestamp: now - 300, idle_timestamp: now - 10 } };
    expect(presenceStatus(presences, hamlet, now)).toBe("idle");
    expect(presenceStatus(presences, hamlet, now - 250)).toBe("active");
    expect(presenceStatus(presences, hamlet, now + 300)).toBe("offline");
  });

  it("is offline for someone absent, or named like an Object property", () => {
    expect(presenceStatus({}, hamlet, now)).toBe("offline");
    expect(presenceStatus({}, { user_id: 1, email: "constructor" }, now)).toBe("offline");
  });
});
