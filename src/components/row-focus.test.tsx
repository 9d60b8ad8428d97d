// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { moveRowFocus } from "./row-focus";

function Rows() {
  return (
    <section
      onKeyDown={(event) => {
        moveRowFocus(event, ".row");
      }}
    >
      <input aria-label="Filter" />
      <a className="row" href="#one">
        one
      </a>
      <button type="button" className="row">
        two
      </button>
      <a className="row" href="#three">
        three
      </a>
    </section>
  );
}

afterEach(cleanup);

describe("moveRowFocus", () => {
  it("moves the focus with the arrows, j and k, Home and End, and stops at the ends", () => {
    render(<Rows />);
    const [one, two, three] = ["one", "two", "three"].map((name) => screen.getByText(name));
    one?.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "ArrowDown" });
    expect(document.activeElement).toBe(two);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "j" });
    expect(document.activeElement).toBe(three);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "j" });
    expect(document.activeElement).toBe(three);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "k" });
    expect(document.activeElement).toBe(two);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Home" });
    expect(document.activeElement).toBe(one);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "ArrowUp" });
    expect(document.activeElement).toBe(one);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "End" });
    expect(document.activeElement).toBe(three);
  });

  it("takes the key (no global shortcut sees it), but not with a modifier", () => {
    render(<Rows />);
    screen.getByText("one").focus();
    expect(fireEvent.keyDown(screen.getByText("one"), { key: "j" })).toBe(false);
    expect(fireEvent.keyDown(screen.getByText("two"), { key: "j", ctrlKey: true })).toBe(true);
  });

  it("leaves letters to a text box, where only ArrowDown goes to the first row", () => {
    render(<Rows />);
    const filter = screen.getByRole("textbox", { name: "Filter" });
    filter.focus();
    expect(fireEvent.keyDown(filter, { key: "j" })).toBe(true);
    expect(document.activeElement).toBe(filter);
    fireEvent.keyDown(filter, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByText("one"));
  });
});
