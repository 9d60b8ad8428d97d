import { describe, expect, it } from "vitest";
import { streamNarrow, topicNarrow } from "./narrow";
import { routeFromHash, STREAMS_HASH, streamSettingsHash, topicsHash } from "./route";

describe("routeFromHash", () => {
  it("reads narrows the way narrowFromHash does", () => {
    expect(routeFromHash("#narrow/stream/12-general/topic/lunch")).toEqual({
      kind: "narrow",
      narrow: topicNarrow(12, "general", "lunch"),
    });
    expect(routeFromHash("#narrow/stream/12-general")).toEqual({
      kind: "narrow",
      narrow: streamNarrow(12, "general"),
    });
  });

  it("round-trips the topic list, the stream browser and stream settings", () => {
    expect(routeFromHash(topicsHash(7, "a/b. c"))).toEqual({
      kind: "topics",
      streamId: 7,
      streamName: "a/b. c",
    });
    expect(routeFromHash(STREAMS_HASH)).toEqual({ kind: "streams" });
    expect(routeFromHash(streamSettingsHash(3, "design"))).toEqual({
      kind: "stream-settings",
      streamId: 3,
      streamName: "design",
    });
  });

  it("reads Zulip's views, #recent_topics as #recent", () => {
    expect(routeFromHash("#inbox")).toEqual({ kind: "inbox" });
    expect(routeFromHash("#recent")).toEqual({ kind: "recent" });
    expect(routeFromHash("#recent_topics")).toEqual({ kind: "recent" });
    expect(routeFromHash("drafts/")).toEqual({ kind: "drafts" });
    expect(routeFromHash("#inbox/more")).toEqual({ kind: "home" });
  });

  it("sends anything else home", () => {
    for (const hash of ["", "#", "#topics/stream/x", "#streams/all/more", "#nonsense", "#topics"]) {
      expect(routeFromHash(hash)).toEqual({ kind: "home" });
    }
  });

  it("reads the organisation's pages and the account page, with or without a trailing slash", () => {
    expect(routeFromHash("#organization/linkifier-settings")).toEqual({ kind: "linkifiers" });
    expect(routeFromHash("organization/emoji-settings/")).toEqual({ kind: "emoji" });
    expect(routeFromHash("#organization/user-groups")).toEqual({ kind: "groups" });
    expect(routeFromHash("#organization/users")).toEqual({ kind: "users" });
    expect(routeFromHash("#settings/account-and-privacy")).toEqual({ kind: "account" });
    expect(routeFromHash("#organization/nothing")).toEqual({ kind: "home" });
  });
});
