import { describe, expect, it } from "vitest";
import {
  composeProblem,
  limitProblems,
  MAX_CONTENT_BYTES,
  topicLength,
  utf8Length,
} from "./compose-limits";

describe("compose limits, checked before sending", () => {
  it("counts the content in UTF-8 bytes and the topic in code points, as the server does", () => {
    expect(utf8Length("héllo")).toBe(6);
    expect(utf8Length("🙂")).toBe(4);
    expect(topicLength("🙂🙂")).toBe(2);
    expect(topicLength("abc")).toBe(3);
  });

  it("accepts a message right at the limits", () => {
    expect(
      composeProblem({ needsTopic: true, topic: "🙂".repeat(60), content: "a".repeat(10_000) }),
    ).toBeNull();
  });

  it("names the problem past each limit", () => {
    expect(composeProblem({ needsTopic: true, topic: "t".repeat(61), content: "hi" })).toMatch(
      /topic is too long/,
    );
    expect(
      composeProblem({
        needsTopic: true,
        topic: "t",
        content: "é".repeat(MAX_CONTENT_BYTES / 2 + 1),
      }),
    ).toMatch(/10,002 of 10,000 bytes/);
    expect(composeProblem({ needsTopic: true, topic: " ", content: "hi" })).toMatch(/topic/);
    expect(composeProblem({ needsTopic: false, topic: "", content: "  " })).toMatch(/Write/);
    expect(composeProblem({ needsTopic: false, topic: "", content: "hi" })).toBeNull();
  });
});

describe("limits shown while typing", () => {
  it("lists each broken limit, whatever else is missing", () => {
    expect(limitProblems({ needsTopic: true, topic: "", content: "" })).toEqual([]);
    expect(
      limitProblems({ needsTopic: true, topic: "t".repeat(61), content: "a".repeat(10_001) }),
    ).toEqual([
      "The topic is too long: 61 of 60 characters.",
      "The message is too long: 10,001 of 10,000 bytes.",
    ]);
    // Direct messages have no topic to check.
    expect(limitProblems({ needsTopic: false, topic: "t".repeat(61), content: "hi" })).toEqual([]);
  });

  it("refuses what the server refuses: control characters in topics, NUL in content", () => {
    expect(limitProblems({ needsTopic: true, topic: "a\u0007b", content: "hi" })[0]).toMatch(
      /control character/,
    );
    expect(limitProblems({ needsTopic: true, topic: " ok\t", content: "hi" })).toEqual([]);
    expect(limitProblems({ needsTopic: false, topic: "", content: "a\u0000b" })[0]).toMatch(
      /null character/,
    );
  });
});
