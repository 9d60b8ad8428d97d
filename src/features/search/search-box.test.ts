import { describe, expect, it } from "vitest";
import { narrowFromHash } from "../../lib/narrow";
import { searchHash } from "./search-box";

describe("searchHash", () => {
  it("opens a search narrow for the trimmed text, which reads back the same", () => {
    const hash = searchHash("  lunch plans / 100% ");
    expect(hash).toBeDefined();
    expect(narrowFromHash(hash ?? "")).toEqual({ kind: "search", query: "lunch plans / 100%" });
  });

  it("does nothing for blank text", () => {
    expect(searchHash("   ")).toBeUndefined();
  });
});
