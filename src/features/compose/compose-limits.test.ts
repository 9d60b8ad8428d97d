import { describe, expect, it } from "vitest";
import { composeProblem, MAX_CONTENT_BYTES, topicLength, utf8Length } from "./compose-limits";

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
