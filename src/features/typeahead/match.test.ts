import { describe, expect, it } from "vitest";
import { foldForMatching, MAX_OPTIONS, matchRank, rankMatches } from "./match";

describe("matchRank", () => {
  it("ranks the whole name, then a prefix of it, then a prefix of a later word", () => {
    expect(matchRank("king hamlet", "King Hamlet")).toBe(0);
    expect(matchRank("kin", "King Hamlet")).toBe(1);
    expect(matchRank("ham", "King Hamlet")).toBe(2);
    expect(matchRank("amlet", "King Hamlet")).toBeNull();
  });

  it("treats `_`, `-`, `.`, `>` and `/` as word breaks", () => {
    expect(matchRank("up", "thumbs_up")).toBe(2);
    expect(matchRank("test", "hamlet@parley.test")).toBe(2);
    expect(matchRank("plans", "design>plans")).toBe(2);
  });

  it("ignores case and accents, and matches everything on an empty query", () => {
    expect(matchRank("ZOE", "Zoë")).toBe(0);
    expect(foldForMatching("Éclair")).toBe("eclair");
    expect(matchRank("", "anything")).toBe(1);
    expect(matchRank("  ", "anything")).toBe(1);
  });

  it("lets a query span words from any word start", () => {
    expect(matchRank("hamlet pr", "King Hamlet Prince")).toBe(2);
    expect(matchRank("king pr", "King Hamlet Prince")).toBeNull();
  });
});

describe("rankMatches", () => {
  const people = ["Othello", "King Hamlet", "Hamish", "Horatio", "Polonius"];

  it("puts prefixes of the name before prefixes of later words, keeping the caller's order on ties", () => {
    expect(rankMatches("ham", people, (name) => [name])).toEqual(["Hamish", "King Hamlet"]);
    expect(rankMatches("h", people, (name) => [name])).toEqual([
      "Hamish",
      "Horatio",
      "King Hamlet",
    ]);
  });

  it("prefers a match on an earlier name (a user's name before their email)", () => {
    const users = [
      { name: "Cordelia", email: "viola@example.test" },
      { name: "Viola", email: "v@example.test" },
    ];
    const found = rankMatches("viola", users, (user) => [user.name, user.email]);
    expect(found.map((user) => user.name)).toEqual(["Viola", "Cordelia"]);
  });

  it("offers at most MAX_OPTIONS (or the given limit)", () => {
    const many = Array.from({ length: 30 }, (_, index) => `name ${index}`);
    expect(rankMatches("name", many, (name) => [name])).toHaveLength(MAX_OPTIONS);
    expect(rankMatches("name", many, (name) => [name], 3)).toEqual(["name 0", "name 1", "name 2"]);
    expect(rankMatches("zzz", many, (name) => [name])).toEqual([]);
  });
});
