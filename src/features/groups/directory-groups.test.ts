import { describe, expect, it } from "vitest";
import * as wire from "../../test/api-fixtures";
import { directoryGroups, isSystemGroup, memberCount, memberCountLabel } from "./directory-groups";

const hamlet = wire.user({ user_id: 11, full_name: "King Hamlet" });
const othello = wire.user({ user_id: 12, email: "othello@parley.test", full_name: "Othello" });
const cordelia = wire.user({ user_id: 13, email: "cordelia@parley.test", full_name: "Cordelia" });
const gone = wire.user({ user_id: 14, full_name: "Yorick", is_active: false });
const users = [hamlet, othello, cordelia, gone];

const support = wire.userGroup({
  id: 3,
  name: "support",
  description: "Helping our users.",
  members: [12, 13],
});
const design = wire.userGroup({
  id: 2,
  name: "design",
  description: "Look and feel.",
  members: [13],
});
const everyone = wire.userGroup({
  id: 1,
  name: "role:everyone",
  is_system_group: true,
  members: [11],
});
const oldSystem = wire.userGroup({ id: 4, name: "role:members", is_system_group: false });

function names(filter: string): string[] {
  return directoryGroups([support, design, everyone, oldSystem], users, filter).map(
    (entry) => entry.group.name,
  );
}

describe("isSystemGroup", () => {
  it("recognises system groups by the flag or, on old servers, by the role: prefix", () => {
    expect(isSystemGroup(everyone)).toBe(true);
    expect(isSystemGroup(oldSystem)).toBe(true);
    expect(isSystemGroup(design)).toBe(false);
    expect(isSystemGroup({ name: "roles", is_system_group: false })).toBe(false);
  });
});

describe("directoryGroups", () => {
  it("leaves system groups out and sorts the rest by name", () => {
    expect(names("")).toEqual(["design", "support"]);
  });

  it("filters by group name, description or member name, in any case", () => {
    expect(names("SUPP")).toEqual(["support"]);
    expect(names("feel")).toEqual(["design"]);
    expect(names("cordelia")).toEqual(["design", "support"]);
    expect(names("  othello ")).toEqual(["support"]);
    expect(names("everyone")).toEqual([]);
    expect(names("nobody")).toEqual([]);
  });

  it("resolves members to users by name, leaving out deactivated ones and keeping unknown ids", () => {
    const team = wire.userGroup({ id: 5, name: "team", members: [99, 12, 14, 11, 50] });
    const [entry] = directoryGroups([team], users, "");
    expect(entry?.members.map((user) => user.full_name)).toEqual(["King Hamlet", "Othello"]);
    expect(entry?.unknownMemberIds).toEqual([50, 99]);
    expect(entry === undefined ? -1 : memberCount(entry)).toBe(4);
  });

  it("breaks ties between equal names by id", () => {
    const a = wire.userGroup({ id: 9, name: "same" });
    const b = wire.userGroup({ id: 8, name: "same" });
    expect(directoryGroups([a, b], users, "").map((entry) => entry.group.id)).toEqual([8, 9]);
  });
});

describe("memberCountLabel", () => {
  it("counts in words", () => {
    expect(memberCountLabel(0)).toBe("0 members");
    expect(memberCountLabel(1)).toBe("1 member");
    expect(memberCountLabel(4)).toBe("4 members");
  });
});
