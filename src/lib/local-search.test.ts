import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { matchesLocally, parseLocalQuery } from "./local-search";

const deploy = eg.streamMessage({
  id: 1,
  subject: "Release plan",
  content: "<p>We <strong>deployed</strong> the new build &amp; it works</p>",
});
const lunch = eg.streamMessage({ id: 2, subject: "lunch", content: "<p>Soup today?</p>" });
const starred = eg.streamMessage({
  id: 3,
  subject: "dinner",
  content: "<p>soup again</p>",
  flags: ["starred", "read"],
});

function found(query: string): number[] {
  const parsed = parseLocalQuery(query);
  return [deploy, lunch, starred]
    .filter((message) => matchesLocally(parsed, message))
    .map((m) => m.id);
}

describe("searching the messages held on this device", () => {
  it("matches words as prefixes of the content's words, case-insensitively, tags aside", () => {
    expect(found("deploy")).toEqual([1]);
    expect(found("DEPLOYED build")).toEqual([1]);
    expect(found("soup")).toEqual([2, 3]);
    // A word inside a tag's markup is not text: "strong" is no word of the message.
    expect(found("strong")).toEqual([]);
  });

  it("matches the topic too, and needs every word", () => {
    expect(found("release")).toEqual([1]);
    expect(found("release soup")).toEqual([]);
  });

  it("matches a quoted phrase only in order", () => {
    expect(found('"new build"')).toEqual([1]);
    expect(found('"build new"')).toEqual([]);
  });

  it("understands stream, topic, sender and is: operators, negated too", () => {
    expect(found("stream:general soup")).toEqual([2, 3]);
    expect(found("stream:other soup")).toEqual([]);
    expect(found("topic:lunch")).toEqual([2]);
    expect(found(`sender:${eg.hamlet.email} deployed`)).toEqual([1]);
    expect(found("is:starred")).toEqual([3]);
    expect(found("soup -is:starred")).toEqual([2]);
    expect(found("is:unread soup")).toEqual([2]);
    expect(found("-soup")).toEqual([1]);
  });

  it("answers nothing for an operator it cannot judge, rather than ignoring it", () => {
    const parsed = parseLocalQuery("near:12 soup");
    expect(parsed).toEqual({ ok: false, unsupported: "near:12" });
    expect(found("near:12 soup")).toEqual([]);
  });

  it("matches everything for an empty query, as a narrow with no terms", () => {
    expect(found("  ")).toEqual([1, 2, 3]);
  });
});
