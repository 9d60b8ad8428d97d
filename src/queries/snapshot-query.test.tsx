// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useContentSuggestions } from "../features/typeahead/use-content-suggestions";
import { usePresenceOf, usePresenceReporter } from "../features/users/presence";
import { sessionStore } from "../stores/session-store";
import * as eg from "../test/example-data";
import { querySessionPerTest } from "../test/query-session";
import { seedQueriesFromSnapshot } from "./query-events";
import { realmQueries } from "./realm-queries";
import { useSnapshotQuery } from "./snapshot-query";

const MENTION = { kind: "mention", silent: false, query: "", start: 0 } as const;

const session = querySessionPerTest();

/** The views' hooks over every list the snapshot seeds, as the app mounts them before register. */
function useLoadedViews() {
  return {
    suggestions: useContentSuggestions(MENTION),
    presenceOf: usePresenceOf(),
    linkifiers: useSnapshotQuery(realmQueries.linkifiers()),
  };
}

/** What register returns to the app, then the queue registered after the seeding, as on load. */
function register(snapshot: ReturnType<typeof eg.registerResponse>) {
  act(() => {
    seedQueriesFromSnapshot(session.queryClient, snapshot);
    sessionStore.getState().queueRegistered(snapshot.queue_id);
  });
}

describe("useSnapshotQuery", () => {
  it("asks nothing before register answers, nor after when the snapshot seeded it all", async () => {
    const { result } = renderHook(() => useLoadedViews(), { wrapper: session.wrapper });
    expect(result.current.linkifiers.isPending).toBe(true);
    expect(session.fake.requests).toEqual([]);
    register(
      eg.registerResponse({
        streams: [],
        realm_emoji: {},
        realm_user_groups: [],
        realm_linkifiers: [],
        presences: {},
        server_timestamp: 1_700_000_000,
      }),
    );
    await waitFor(() => {
      expect(result.current.suggestions.length).toBeGreaterThan(0);
    });
    expect(result.current.linkifiers.data).toEqual([]);
    expect(session.fake.requests).toEqual([]);
  });

  it("fetches what an older server's snapshot lacks, once the queue is registered", async () => {
    for (let i = 0; i < 6; i++) session.fake.hang();
    renderHook(() => useLoadedViews(), { wrapper: session.wrapper });
    expect(session.fake.requests).toEqual([]);
    // Users and subscriptions only: no streams, emoji, groups, linkifiers or presence.
    register(eg.registerResponse());
    await waitFor(() => {
      expect(session.fake.requests.map((request) => request.path).sort()).toEqual([
        "/api/v1/realm/emoji",
        "/api/v1/realm/linkifiers",
        "/api/v1/realm/presence",
        "/api/v1/streams",
        "/api/v1/user_groups",
      ]);
    });
  });
});

describe("usePresenceReporter", () => {
  it("reports presence only once the queue is registered", async () => {
    session.fake.hang();
    renderHook(
      () => {
        usePresenceReporter();
      },
      { wrapper: session.wrapper },
    );
    expect(session.fake.requests).toEqual([]);
    act(() => {
      sessionStore.getState().queueRegistered("queue-1");
    });
    await waitFor(() => {
      expect(session.fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        "POST /api/v1/users/me/presence",
      ]);
    });
  });
});
