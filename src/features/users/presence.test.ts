import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { presenceLabel, roleName, usersForPanel, type PresenceStatus } from "./presence";

const othello = eg.user({ user_id: 12, email: "othello@parley.test", full_name: "Othello" });
const cordelia = eg.user({ user_id: 13, email: "cordelia@parley.test", full_name: "Cordelia" });
const gone = eg.user({
  user_id: 14,
  email: "gone@parley.test",
  full_name: "Gone",
  is_active: false,
});
const users = [eg.iago, eg.hamlet, othello, cordelia, gone];

const statuses: Record<number, PresenceStatus> = { 10: "idle", 11: "offline", 12: "active" };
const statusOf = (user: { user_id: number }) => statuses[user.user_id] ?? "offline";

describe("usersForPanel", () => {
  it("lists active, then idle, then offline users, by name, without deactivated ones", () => {
    expect(usersForPanel(users, statusOf, "").map(({ user }) => user.full_name)).toEqual([
      "Othello",
      "Iago",
      "Cordelia",
      "King Hamlet",
    ]);
  });

  it("filters by name or email, ignoring case and spaces around", () => {
    expect(usersForPanel(users, statusOf, " HAM ").map(({ user }) => user.user_id)).toEqual([11]);
    expect(usersForPanel(users, statusOf, "cordelia@").map(({ status }) => status)).toEqual([
      "offline",
    ]);
  });
});

describe("labels", () => {
  it("names presence and roles in words", () => {
    expect(presenceLabel("idle")).toBe("Idle");
    expect(roleName({ role: 100 })).toBe("Owner");
    expect(roleName({ role: 200 })).toBe("Administrator");
    expect(roleName({ role: 600 })).toBe("Guest");
    expect(roleName({ role: 400 })).toBe("Member");
  });
});
