import { describe, expect, it } from "vitest";
import * as wire from "../../test/api-fixtures";
import {
  canCreateGroups,
  canManageGroup,
  descriptionProblem,
  fieldOfRefusal,
  groupNameProblem,
} from "./group-rules";

const design = wire.userGroup({ id: 2, name: "design", members: [10, 11] });
const everyone = wire.userGroup({ id: 1, name: "role:everyone", is_system_group: true });
const person = (user_id: number, role: number, extra = {}) => ({
  user_id,
  role,
  is_admin: role <= 200,
  is_bot: false,
  ...extra,
});

describe("who may change groups", () => {
  it("lets members create, not guests or bots", () => {
    expect(canCreateGroups(person(10, 400))).toBe(true);
    expect(canCreateGroups(person(10, 600))).toBe(false);
    expect(canCreateGroups(person(10, 400, { is_bot: true }))).toBe(false);
    expect(canCreateGroups(undefined)).toBe(false);
  });

  it("lets members change their own groups, moderators and administrators any people's group", () => {
    expect(canManageGroup(person(10, 400), design)).toBe(true);
    expect(canManageGroup(person(12, 400), design)).toBe(false);
    expect(canManageGroup(person(12, 300), design)).toBe(true);
    expect(canManageGroup(person(12, 200), design)).toBe(true);
    expect(canManageGroup(person(10, 600), design)).toBe(false);
    expect(canManageGroup(person(12, 100), everyone)).toBe(false);
  });
});

describe("groupNameProblem", () => {
  it("gives the server's reasons", () => {
    expect(groupNameProblem("  ", [])).toBe("User group name can't be empty!");
    expect(groupNameProblem("a".repeat(101), [])).toBe(
      "User group name cannot exceed 100 characters.",
    );
    expect(groupNameProblem("role:x", [])).toBe("User group name cannot start with 'role:'.");
    expect(groupNameProblem("@x", [])).toBe("User group name cannot start with '@'.");
    expect(groupNameProblem(" Design ", [design])).toBe("User group 'Design' already exists.");
    expect(groupNameProblem("writers", [design])).toBeNull();
  });

  it("lets a group keep its own name in another case", () => {
    expect(groupNameProblem("DESIGN", [design], design.id)).toBeNull();
  });
});

describe("descriptionProblem", () => {
  it("allows 1024 characters", () => {
    expect(descriptionProblem("x".repeat(1024))).toBeNull();
    expect(descriptionProblem("x".repeat(1025))).toBe(
      "User group description cannot exceed 1024 characters.",
    );
  });
});

describe("fieldOfRefusal", () => {
  it("places each refusal beside its field", () => {
    expect(fieldOfRefusal("User group 'x' already exists.")).toBe("name");
    expect(fieldOfRefusal("User group name can't be empty!")).toBe("name");
    expect(fieldOfRefusal("User group description cannot exceed 1024 characters.")).toBe(
      "description",
    );
    expect(fieldOfRefusal("Invalid user ID: 9")).toBe("members");
    expect(fieldOfRefusal("User 9 is already a member of this group")).toBe("members");
    expect(fieldOfRefusal("Insufficient permission")).toBe("form");
  });
});
