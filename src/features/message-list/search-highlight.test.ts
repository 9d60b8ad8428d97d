// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { matchRanges, searchTerms, showSearchHighlight, termPattern } from "./search-highlight";

function texts(ranges: Range[]): string[] {
  return ranges.map((range) => range.toString());
}

describe("searchTerms", () => {
  it("splits a query into lowercase words, once each", () => {
    expect(searchTerms("  Lunch, at NOON lunch! ")).toEqual(["lunch", "at", "noon"]);
    expect(searchTerms("café déjà-vu")).toEqual(["café", "déjà", "vu"]);
    expect(searchTerms(" ,; ")).toEqual([]);
  });
});

describe("termPattern and matchRanges", () => {
  it("finds whole words only, case-insensitively, in every text node", () => {
    const root = document.createElement("div");
    root.innerHTML =
      "<p>Lunch is <strong>LUNCH</strong>; lunchbox is not.</p><p>brunch, lunch.</p>";
    const pattern = termPattern(["lunch"]);
    expect(pattern).not.toBeNull();
    if (pattern === null) return;
    const ranges = matchRanges([root], pattern);
    expect(texts(ranges)).toEqual(["Lunch", "LUNCH", "lunch"]);
    expect(ranges[1]?.startContainer.parentElement?.tagName).toBe("STRONG");
  });

  it("prefers the longest of overlapping terms, and treats regex characters as text", () => {
    const root = document.createElement("p");
    root.textContent = "a.b parley par (x)";
    const pattern = termPattern(["par", "parley", "a.b", "x"]);
    if (pattern === null) throw new Error("no pattern");
    expect(texts(matchRanges([root], pattern))).toEqual(["a.b", "parley", "par", "x"]);
    expect(termPattern([])).toBeNull();
  });

  it("does nothing without the Custom Highlight API", () => {
    expect(showSearchHighlight([])).toBe(false);
  });
});
