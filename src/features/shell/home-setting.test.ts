// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { allMessagesNarrow } from "../../lib/narrow";
import type { Route } from "../../lib/route";
import type { HomeView } from "../../stores/ui-store";
import { resolveHomeRoute, useHomeRoute, useHomeView } from "./home-setting";

describe("the home view", () => {
  it("is the Inbox, Zulip's default", () => {
    expect(renderHook(useHomeView).result.current).toBe("inbox");
  });

  it("shows each of Zulip's home views at the home route, and leaves other routes alone", () => {
    const home: Route = { kind: "home" };
    const expected: Record<HomeView, Route> = {
      inbox: { kind: "inbox" },
      recent_topics: { kind: "recent" },
      all_messages: { kind: "narrow", narrow: allMessagesNarrow() },
    };
    for (const [view, route] of Object.entries(expected) as [HomeView, Route][]) {
      expect(resolveHomeRoute(home, view)).toEqual(route);
    }
    const streams: Route = { kind: "streams" };
    expect(resolveHomeRoute(streams, "recent_topics")).toBe(streams);
  });

  it("keeps the same route object across renders (a narrow's effects key on it)", () => {
    const { result, rerender } = renderHook(() => useHomeRoute(HOME));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(first).toEqual({ kind: "inbox" });
  });
});

const HOME: Route = { kind: "home" };
