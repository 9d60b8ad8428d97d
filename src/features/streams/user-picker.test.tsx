// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { User } from "../../../common/wire/users";
import * as eg from "../../test/example-data";
import { matchUsers, UserPicker } from "./user-picker";

afterEach(cleanup);

const othello = eg.user({ user_id: 13, email: "othello@parley.test", full_name: "Othello" });
const cordelia = eg.user({ user_id: 14, email: "cordelia@parley.test", full_name: "Cordelia" });
const hamlet = eg.hamlet; // "King Hamlet"
const everyone = [eg.iago, hamlet, othello, cordelia];

describe("matchUsers", () => {
  it("ranks name prefixes, then word prefixes, then email, then anywhere", () => {
    const names = (users: User[]) => users.map((user) => user.full_name);
    expect(names(matchUsers(everyone, [], "o"))).toEqual(["Othello", "Cordelia", "Iago"]);
    expect(names(matchUsers(everyone, [], "ham"))).toEqual(["King Hamlet"]);
    expect(names(matchUsers(everyone, [], "cordelia@"))).toEqual(["Cordelia"]);
    expect(names(matchUsers(everyone, [], "  "))).toEqual([]);
  });

  it("leaves out users already chosen, and stops at the limit", () => {
    expect(matchUsers(everyone, [othello], "o").map((user) => user.user_id)).toEqual([14, 10]);
    expect(matchUsers(everyone, [], "parley", 2)).toHaveLength(2);
  });
});

function Harness({ onChosen }: { onChosen: (users: User[]) => void }) {
  const [chosen, setChosen] = useState<User[]>([]);
  return (
    <UserPicker
      label="Add subscribers"
      candidates={everyone}
      chosen={chosen}
      onChange={(next) => {
        setChosen(next);
        onChosen(next);
      }}
    />
  );
}

describe("UserPicker", () => {
  it("chooses with the keyboard and removes with Backspace or the chip's button", async () => {
    let chosen: User[] = [];
    render(<Harness onChosen={(users) => (chosen = users)} />);
    const box = screen.getByRole("combobox", { name: "Add subscribers" });
    await userEvent.type(box, "o");
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Othelloothello@parley.test",
      "Cordeliacordelia@parley.test",
      "Iagoiago@parley.test",
    ]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(chosen.map((user) => user.full_name)).toEqual(["Cordelia"]);
    expect((box as HTMLInputElement).value).toBe("");
    await userEvent.type(box, "oth{Enter}");
    expect(chosen.map((user) => user.full_name)).toEqual(["Cordelia", "Othello"]);
    await userEvent.keyboard("{Backspace}");
    expect(chosen.map((user) => user.full_name)).toEqual(["Cordelia"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Cordelia" }));
    expect(chosen).toEqual([]);
  });

  it("chooses with a click, and says when no one matches", async () => {
    let chosen: User[] = [];
    render(<Harness onChosen={(users) => (chosen = users)} />);
    const box = screen.getByRole("combobox", { name: "Add subscribers" });
    await userEvent.type(box, "king");
    await userEvent.click(screen.getByRole("option", { name: /King Hamlet/ }));
    expect(chosen.map((user) => user.user_id)).toEqual([hamlet.user_id]);
    await userEvent.type(box, "nobody");
    expect(screen.getByRole("status").textContent).toBe("No one matches “nobody”.");
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });
});
