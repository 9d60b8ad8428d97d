// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { querySessionPerTest } from "../../test/query-session";
import { useCurrentRoute } from "./use-current-route";

const session = querySessionPerTest();

afterEach(() => {
  history.replaceState(null, "", "#");
});

describe("useCurrentRoute", () => {
  it("follows the hash on popstate, which a link fires in its click's task", () => {
    const { result } = renderHook(useCurrentRoute, { wrapper: session.wrapper });
    expect(result.current.kind).toBe("home");

    // As Chromium does on a link to a fragment: the URL changes, then popstate, in the click's
    // task; hashchange only in a later task (jsdom fires popstate for a link only when the
    // history state changes, hence the event sent here).
    act(() => {
      history.pushState(null, "", narrowToHash(streamNarrow(12, "general")));
      window.dispatchEvent(new PopStateEvent("popstate"));
    });

    expect(result.current).toMatchObject({ kind: "narrow", narrow: { streamId: 12 } });
  });
});
