import { describe, expect, it } from "vitest";
import {
  DEFAULT_USER_SORT,
  directoryUsers,
  displayEmail,
  nextSort,
  userMatches,
} from "./directory-users";
import { desdemona, hamlet, iago, polonius, prospero, viola, yorick } from "./directory-fixtures";
import { roleName } from "./presence";

const everyone = [iago, hamlet, desdemona, polonius, prospero, yorick, viola];

function activeNames(filter: string, sort = DEFAULT_USER_SORT): string[] {
  return directoryUsers(everyone, filter, sort).active.map((user) => user.full_name);
}

describe("directoryUsers", () => {
  it("lists active users by name and the deactivated ones apart", () => {
    expect(activeNames("")).toEqual([
      "Desdemona",
      "Iago",
      "King Hamlet",
      "Polonius",
      "Prospero",
      "Viola",
    ]);
    expect(directoryUsers(everyone, "", DEFAULT_USER_SORT).deactivated).toEqual([yorick]);
  });

  it("searches names and emails, in any case, both lists", () => {
    expect(activeNames("HAM")).toEqual(["King Hamlet"]);
    expect(activeNames("iago@parley")).toEqual(["Iago"]);
    expect(activeNames(" pro ")).toEqual(["Prospero"]);
    expect(activeNames("viola@")).toEqual(["Viola"]);
    expect(activeNames("zulip.example")).toEqual(["Viola"]);
    expect(activeNames("nobody")).toEqual([]);
    const found = directoryUsers(everyone, "yorick", DEFAULT_USER_SORT);
    expect(found.active).toEqual([]);
    expect(found.deactivated).toEqual([yorick]);
  });

  it("sorts by name either way, and by role (owners first) with names breaking ties", () => {
    expect(activeNames("", { key: "name", direction: "descending" })).toEqual([
      "Viola",
      "Prospero",
      "Polonius",
      "King Hamlet",
      "Iago",
      "Desdemona",
    ]);
    expect(activeNames("", { key: "role", direction: "ascending" })).toEqual([
      "Desdemona",
      "Iago",
      "Prospero",
      "King Hamlet",
      "Viola",
      "Polonius",
    ]);
    expect(activeNames("", { key: "role", direction: "descending" })).toEqual([
      "Polonius",
      "King Hamlet",
      "Viola",
      "Prospero",
      "Iago",
      "Desdemona",
    ]);
  });
});

describe("nextSort", () => {
  it("flips the current column and starts a new one ascending", () => {
    expect(nextSort(DEFAULT_USER_SORT, "name")).toEqual({ key: "name", direction: "descending" });
    expect(nextSort({ key: "name", direction: "descending" }, "name")).toEqual(DEFAULT_USER_SORT);
    expect(nextSort({ key: "name", direction: "descending" }, "role")).toEqual({
      key: "role",
      direction: "ascending",
    });
  });
});

describe("emails and roles", () => {
  it("shows the delivery address when the server shares it", () => {
    expect(displayEmail(viola)).toBe("viola@parley.test");
    expect(displayEmail(iago)).toBe("iago@parley.test");
  });

  it("matches everything with an empty needle", () => {
    expect(userMatches(yorick, "")).toBe(true);
  });

  it("names Zulip's roles", () => {
    expect([desdemona, iago, prospero, hamlet, polonius].map(roleName)).toEqual([
      "Owner",
      "Administrator",
      "Moderator",
      "Member",
      "Guest",
    ]);
  });
});
