import { describe, expect, it } from "vitest";
import { groupReactions, reactionLabel } from "./reaction-groups";

const thumbs = { emoji_name: "+1", emoji_code: "1f44d", reaction_type: "unicode_emoji" };
const tada = { emoji_name: "tada", emoji_code: "1f389", reaction_type: "unicode_emoji" };
const parrot = { emoji_name: "party_parrot", emoji_code: "3", reaction_type: "realm_emoji" };

describe("groupReactions", () => {
  it("groups by emoji in the order each was first used, with who reacted", () => {
    const groups = groupReactions(
      [
        { ...thumbs, user_id: 11 },
        { ...tada, user_id: 12 },
        { ...thumbs, user_id: 10 },
        { ...parrot, user_id: 11 },
      ],
      10,
    );
    expect(groups.map((group) => [group.emoji_name, group.userIds, group.isMine])).toEqual([
      ["+1", [11, 10], true],
      ["tada", [12], false],
      ["party_parrot", [11], false],
    ]);
  });

  it("treats the same code under another name as the same emoji", () => {
    const groups = groupReactions(
      [
        { ...thumbs, user_id: 11 },
        { ...thumbs, emoji_name: "thumbs_up", user_id: 12 },
      ],
      null,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]?.emoji_name).toBe("+1");
    expect(groups[0]?.userIds).toEqual([11, 12]);
    expect(groups[0]?.isMine).toBe(false);
  });

  it("keeps emoji of different types apart even with equal codes", () => {
    const groups = groupReactions(
      [
        { emoji_name: "a", emoji_code: "1", reaction_type: "realm_emoji", user_id: 1 },
        { emoji_name: "b", emoji_code: "1", reaction_type: "unicode_emoji", user_id: 1 },
      ],
      1,
    );
    expect(groups).toHaveLength(2);
  });

  it("counts a user once per emoji", () => {
    const groups = groupReactions(
      [
        { ...tada, user_id: 12 },
        { ...tada, user_id: 12 },
      ],
      10,
    );
    expect(groups[0]?.userIds).toEqual([12]);
  });
});

describe("reactionLabel", () => {
  it("names everyone who reacted, me as You", () => {
    const [group] = groupReactions(
      [
        { ...thumbs, user_id: 11 },
        { ...thumbs, user_id: 10 },
      ],
      10,
    );
    const names = new Map([[11, "King Hamlet"]]);
    expect(reactionLabel(group!, (id) => names.get(id) ?? "?", 10)).toBe(
      "King Hamlet, You reacted with :+1:",
    );
  });
});
