import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import type { ServerEvent } from "../../common/wire/events";
import type { GetOwnUserResponse } from "../../common/wire/responses";
import * as ev from "../test/api-events";
import * as wire from "../test/api-fixtures";
import * as eg from "../test/example-data";
import { presenceQueries } from "./presence-queries";
import { applyEventToQueries } from "./query-events";
import { realmQueries } from "./realm-queries";
import { serverQueries } from "./server-queries";
import { streamQueries } from "./stream-queries";
import { subscriptionQueries } from "./subscription-queries";
import { userQueries } from "./user-queries";

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

const isInvalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated;
const users = () => queryClient.getQueryData(userQueries.list().queryKey);
const groups = () => queryClient.getQueryData(realmQueries.userGroups().queryKey);
const realmPresence = () => queryClient.getQueryData(presenceQueries.realm().queryKey);

describe("applyEventToQueries: users", () => {
  const hamlet = wire.user();
  const iago = wire.user({ user_id: 10, email: "iago@parley.test", full_name: "Iago", role: 200 });
  beforeEach(() => {
    queryClient.setQueryData(userQueries.list().queryKey, [iago, hamlet]);
  });

  it("add appends the new user", () => {
    applyEventToQueries(queryClient, ev.realmUserAdd());
    expect(users()?.map((u) => u.user_id)).toEqual([10, 11, 20]);
  });

  it("update changes the fields given, and the flags a role implies", () => {
    applyEventToQueries(
      queryClient,
      ev.realmUserUpdate({ user_id: 11, full_name: "Prince Hamlet" }),
    );
    applyEventToQueries(queryClient, ev.realmUserUpdate({ user_id: 11, role: 200 }));
    applyEventToQueries(
      queryClient,
      ev.realmUserUpdate({ user_id: 11, new_email: "prince@parley.test" }),
    );
    expect(users()?.[1]).toEqual({
      ...hamlet,
      full_name: "Prince Hamlet",
      role: 200,
      is_admin: true,
      is_owner: false,
      is_guest: false,
      email: "prince@parley.test",
    });
    expect(users()?.[0]).toEqual(iago);
  });

  it("update of the caller also patches their profile", () => {
    const me = {
      ...iago,
      result: "success",
      msg: "",
      max_message_id: 1000,
    } satisfies GetOwnUserResponse;
    queryClient.setQueryData(userQueries.me().queryKey, me);
    applyEventToQueries(queryClient, ev.realmUserUpdate({ user_id: 10, role: 400 }));
    expect(queryClient.getQueryData(userQueries.me().queryKey)).toEqual({
      ...me,
      role: 400,
      is_admin: false,
      is_owner: false,
      is_guest: false,
    });
    applyEventToQueries(queryClient, ev.realmUserUpdate({ user_id: 11, full_name: "Other" }));
    expect(queryClient.getQueryData(userQueries.me().queryKey)?.full_name).toBe("Iago");
  });

  it("an update that would break the shape invalidates instead", () => {
    applyEventToQueries(queryClient, {
      id: 1,
      type: "realm_user",
      op: "update",
      person: { user_id: 11, email: 7 },
    });
    expect(users()).toEqual([iago, hamlet]);
    expect(isInvalidated(userQueries.list().queryKey)).toBe(true);
  });

  it("remove drops the user", () => {
    applyEventToQueries(queryClient, ev.realmUserRemove(11));
    expect(users()).toEqual([iago]);
  });

  it("nothing is created when the list is not cached", () => {
    queryClient.clear();
    applyEventToQueries(queryClient, ev.realmUserAdd());
    expect(users()).toBeUndefined();
  });
});

describe("applyEventToQueries: emoji, linkifiers, groups", () => {
  it("realm_emoji replaces the dict, even when none was cached", () => {
    const duck = wire.realmEmoji({ id: "2", name: "duck" });
    applyEventToQueries(queryClient, ev.realmEmoji(wire.realmEmoji(), duck));
    expect(queryClient.getQueryData(realmQueries.emoji().queryKey)).toEqual({
      "1": wire.realmEmoji(),
      "2": duck,
    });
  });

  it("realm_linkifiers replaces the list; [OLD] realm_filters asks for a refetch", () => {
    const key = realmQueries.linkifiers().queryKey;
    applyEventToQueries(queryClient, ev.realmLinkifiers(wire.linkifier()));
    expect(queryClient.getQueryData(key)).toEqual([wire.linkifier()]);
    expect(isInvalidated(key)).toBe(false);
    applyEventToQueries(queryClient, ev.realmFilters());
    expect(queryClient.getQueryData(key)).toEqual([wire.linkifier()]);
    expect(isInvalidated(key)).toBe(true);
  });

  it("user_group events add, change and remove groups and their members", () => {
    const system = wire.userGroup({ id: 1, name: "role:everyone", is_system_group: true });
    queryClient.setQueryData(realmQueries.userGroups().queryKey, [system]);
    const apply = (event: ServerEvent) => {
      applyEventToQueries(queryClient, event);
    };
    apply(ev.userGroupAdd());
    apply({ id: 2, type: "user_group", op: "update", group_id: 13, data: { name: "danes" } });
    apply({ id: 3, type: "user_group", op: "add_members", group_id: 13, user_ids: [12, 10] });
    apply({ id: 4, type: "user_group", op: "remove_members", group_id: 13, user_ids: [11] });
    apply({
      id: 5,
      type: "user_group",
      op: "add_subgroups",
      group_id: 13,
      direct_subgroup_ids: [1],
    });
    expect(groups()).toEqual([
      system,
      { ...wire.userGroup(), name: "danes", members: [10, 12], direct_subgroup_ids: [1] },
    ]);
    apply({
      id: 6,
      type: "user_group",
      op: "remove_subgroups",
      group_id: 13,
      direct_subgroup_ids: [1],
    });
    expect(groups()?.[1]?.direct_subgroup_ids).toEqual([]);
    apply({ id: 7, type: "user_group", op: "remove", group_id: 13 });
    expect(groups()).toEqual([system]);
  });
});

describe("applyEventToQueries: presence", () => {
  it("merges a client's report into the legacy realm presence and recomputes aggregated", () => {
    queryClient.setQueryData(presenceQueries.realm().queryKey, {
      presences: {
        "hamlet@parley.test": {
          ZulipMobile: { client: "ZulipMobile", status: "idle", timestamp: 1_700_000_000 },
          aggregated: { client: "ZulipMobile", status: "idle", timestamp: 1_700_000_000 },
        },
        "iago@parley.test": wire.userPresence(),
      },
      server_timestamp: 1_700_000_001,
    });
    applyEventToQueries(queryClient, ev.presence());
    expect(realmPresence()).toEqual({
      presences: {
        "hamlet@parley.test": {
          ZulipMobile: { client: "ZulipMobile", status: "idle", timestamp: 1_700_000_000 },
          website: {
            client: "website",
            status: "active",
            timestamp: 1_700_000_300,
            pushable: false,
          },
          aggregated: { client: "website", status: "active", timestamp: 1_700_000_300 },
        },
        "iago@parley.test": wire.userPresence(),
      },
      server_timestamp: 1_700_000_300.25,
    });
  });

  it("an idle report keeps the user active if another client was active just before", () => {
    queryClient.setQueryData(presenceQueries.realm().queryKey, {
      presences: { "hamlet@parley.test": wire.userPresence(1_700_000_250) },
      server_timestamp: 1_700_000_251,
    });
    applyEventToQueries(
      queryClient,
      ev.presence({
        presence: {
          ZulipMobile: { client: "ZulipMobile", status: "idle", timestamp: 1_700_000_300 },
        },
      }),
    );
    expect(realmPresence()?.presences["hamlet@parley.test"]).toMatchObject({
      aggregated: { client: "ZulipMobile", status: "active", timestamp: 1_700_000_300 },
    });
  });

  it("updates slim presence by user id", () => {
    queryClient.setQueryData(presenceQueries.realm().queryKey, {
      presences: { "11": { active_timestamp: 1_700_000_000, idle_timestamp: 1_700_000_100 } },
      server_timestamp: 1_700_000_101,
    });
    applyEventToQueries(queryClient, ev.presence({ email: undefined }));
    expect(realmPresence()?.presences).toEqual({
      "11": { active_timestamp: 1_700_000_300, idle_timestamp: 1_700_000_300 },
    });
  });

  it("updates the single-user presence, finding the email of a slim event", () => {
    queryClient.setQueryData(userQueries.list().queryKey, [wire.user()]);
    queryClient.setQueryData(
      userQueries.presence("hamlet@parley.test").queryKey,
      wire.userPresence(1_699_999_000, "idle"),
    );
    applyEventToQueries(queryClient, ev.presence({ email: undefined }));
    expect(queryClient.getQueryData(userQueries.presence("hamlet@parley.test").queryKey)).toEqual({
      website: { client: "website", status: "active", timestamp: 1_700_000_300, pushable: false },
      aggregated: { client: "website", status: "active", timestamp: 1_700_000_300 },
    });
  });

  it("creates nothing when presence is not cached", () => {
    applyEventToQueries(queryClient, ev.presence());
    expect(realmPresence()).toBeUndefined();
    expect(
      queryClient.getQueryData(userQueries.presence("hamlet@parley.test").queryKey),
    ).toBeUndefined();
  });
});

describe("applyEventToQueries: the rest", () => {
  it("restart refetches the server settings", () => {
    const key = serverQueries.settings().queryKey;
    queryClient.setQueryData(key, {
      result: "success",
      msg: "",
      zulip_version: "9.0",
      zulip_feature_level: 247,
    });
    applyEventToQueries(queryClient, ev.restart());
    expect(isInvalidated(key)).toBe(true);
  });

  it("flags, reactions, typing, heartbeats and direct messages touch no cache", () => {
    queryClient.setQueryData(subscriptionQueries.list().queryKey, [wire.subscription()]);
    queryClient.setQueryData(streamQueries.topics(12).queryKey, [wire.topic("lunch", 1001)]);
    queryClient.setQueryData(userQueries.list().queryKey, [wire.user()]);
    const before = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.state.dataUpdatedAt, q.state.isInvalidated]);
    const dm = eg.streamMessage({ type: "private", stream_id: undefined, display_recipient: [] });
    for (const event of [
      ev.flags(),
      ev.flags({ flag: "read", messages: [], all: true }),
      ev.reaction(),
      ev.typingDirect(),
      ev.typingStream(),
      ev.heartbeat(),
      ev.message(dm),
    ]) {
      applyEventToQueries(queryClient, event);
    }
    const after = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.state.dataUpdatedAt, q.state.isInvalidated]);
    expect(after).toEqual(before);
  });
});
