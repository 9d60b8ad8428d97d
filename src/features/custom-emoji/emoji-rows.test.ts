import { describe, expect, it } from "vitest";
import * as wire from "../../test/api-fixtures";
import {
  authorName,
  canDeactivate,
  canUpload,
  deactivatedCount,
  emojiRows,
  normaliseEmojiFilter,
} from "./emoji-rows";

const map = {
  "1": wire.realmEmoji({ id: "1", name: "shipit", author_id: 10 }),
  "2": wire.realmEmoji({ id: "2", name: "party_parrot", author_id: 11 }),
  "3": wire.realmEmoji({ id: "3", name: "ancient", deactivated: true }),
  "4": wire.realmEmoji({ id: "4", name: "parley", author_id: null, author: null }),
  "5": wire.realmEmoji({ id: "5", name: "ancient", author_id: 11 }),
};

function names(rows: { name: string; id: string }[]): string[] {
  return rows.map((row) => `${row.name}#${row.id}`);
}

describe("emojiRows", () => {
  it("puts active emoji first, each group by name", () => {
    expect(names(emojiRows(map, { text: "", isHidingDeactivated: false }))).toEqual([
      "ancient#5",
      "parley#4",
      "party_parrot#2",
      "shipit#1",
      "ancient#3",
    ]);
  });

  it("hides deactivated emoji on request", () => {
    expect(names(emojiRows(map, { text: "", isHidingDeactivated: true }))).toEqual([
      "ancient#5",
      "parley#4",
      "party_parrot#2",
      "shipit#1",
    ]);
    expect(deactivatedCount(map)).toBe(1);
  });

  it("keeps names containing the filter, ignoring colons, case and spaces-for-underscores", () => {
    expect(names(emojiRows(map, { text: "par", isHidingDeactivated: false }))).toEqual([
      "parley#4",
      "party_parrot#2",
    ]);
    expect(names(emojiRows(map, { text: " :Party Parrot: ", isHidingDeactivated: false }))).toEqual(
      ["party_parrot#2"],
    );
    expect(emojiRows(map, { text: "zzz", isHidingDeactivated: false })).toEqual([]);
    expect(emojiRows(undefined, { text: "", isHidingDeactivated: false })).toEqual([]);
    expect(normaliseEmojiFilter("::A b::")).toBe("a_b");
  });
});

describe("authors and permissions", () => {
  const iago = wire.user({ user_id: 10, full_name: "Iago", role: 200, is_admin: true });
  const hamlet = wire.user({ user_id: 11, full_name: "King Hamlet", role: 400 });
  const polonius = wire.user({ user_id: 12, role: 600, is_guest: true });
  const users = new Map([iago, hamlet].map((user) => [user.user_id, user]));

  it("names the author from the users list, else from the emoji, else by id", () => {
    expect(authorName(map["2"], users)).toBe("King Hamlet");
    const renamed = wire.realmEmoji({
      author_id: 99,
      author: { id: 99, email: "x@parley.test", full_name: "Old Name" },
    });
    expect(authorName(renamed, users)).toBe("Old Name");
    expect(authorName(wire.realmEmoji({ author_id: 98, author: null }), users)).toBe("user 98");
    expect(authorName(map["4"], users)).toBeNull();
    // Only the spec's `author`: still named.
    const specOnly = wire.realmEmoji({
      author_id: null,
      author: { id: 11, email: "", full_name: "" },
    });
    expect(authorName(specOnly, users)).toBe("King Hamlet");
  });

  it("lets administrators and the author deactivate an active emoji, nobody else", () => {
    expect(canDeactivate(map["1"], iago)).toBe(true);
    expect(canDeactivate(map["2"], iago)).toBe(true);
    expect(canDeactivate(map["2"], hamlet)).toBe(true);
    expect(canDeactivate(map["1"], hamlet)).toBe(false);
    expect(canDeactivate(map["4"], hamlet)).toBe(false);
    expect(canDeactivate(map["3"], iago)).toBe(false);
    expect(canDeactivate(map["1"], undefined)).toBe(false);
    expect(canDeactivate(map["1"], wire.user({ user_id: 13, role: 100, is_owner: true }))).toBe(
      true,
    );
  });

  it("lets members upload, not guests", () => {
    expect(canUpload(hamlet)).toBe(true);
    expect(canUpload(polonius)).toBe(false);
    expect(canUpload(undefined)).toBe(false);
  });
});
