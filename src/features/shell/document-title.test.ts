import { describe, expect, it } from "vitest";
import { topicNarrow } from "../../lib/narrow";
import { documentTitle, routeTitle } from "./document-title";

const userName = (id: number) => `user ${id}`;

describe("titles", () => {
  it("names each route", () => {
    const narrow = topicNarrow(12, "general", "lunch");
    expect(routeTitle({ kind: "narrow", narrow }, userName)).toBe("#general > lunch");
    expect(routeTitle({ kind: "topics", streamId: 12, streamName: "general" }, userName)).toBe(
      "#general topics",
    );
    expect(routeTitle({ kind: "streams" }, userName)).toBe("Streams");
    expect(routeTitle({ kind: "home" }, userName)).toBe("Home");
    expect(routeTitle({ kind: "inbox" }, userName)).toBe("Inbox");
    expect(routeTitle({ kind: "recent" }, userName)).toBe("Recent conversations");
    expect(routeTitle({ kind: "drafts" }, userName)).toBe("Drafts");
  });

  it("puts the unread count first in the tab title", () => {
    expect(documentTitle("#general", 3)).toBe("(3) #general - Parley");
    expect(documentTitle("Home", 0)).toBe("Home - Parley");
  });
});
