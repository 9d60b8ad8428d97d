import { describe, expect, it } from "vitest";
import { isResolvedTopic, toggledResolvedName } from "./resolved-topic";

describe("resolved topics", () => {
  it("adds and removes Zulip's prefix", () => {
    expect(isResolvedTopic("✔ lunch")).toBe(true);
    expect(isResolvedTopic("lunch ✔")).toBe(false);
    expect(toggledResolvedName("lunch")).toBe("✔ lunch");
    expect(toggledResolvedName("✔ lunch")).toBe("lunch");
    expect(toggledResolvedName("✔ ✔ lunch")).toBe("lunch");
  });
});
