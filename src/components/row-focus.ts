import type { KeyboardEvent } from "react";

/** The keys that move between rows: arrows, and Zulip's `j`/`k`, Home and End. */
const MOVES: Readonly<Record<string, "next" | "previous" | "first" | "last">> = {
  ArrowDown: "next",
  j: "next",
  ArrowUp: "previous",
  k: "previous",
  Home: "first",
  End: "last",
};

/**
 * Moves the focus between the rows of a list view (the Inbox, Recent conversations): each row's
 * main control matches `selector`; the focus is the browser's own, so Enter opens what it is on.
 * From a text box only ArrowDown moves (into the first row): letters are typing there.
 * Returns whether it moved (the key is then taken: no global shortcut sees it).
 */
export function moveRowFocus(event: KeyboardEvent<HTMLElement>, selector: string): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const move = MOVES[event.key];
  if (move === undefined) return false;
  const target = event.target;
  const inTextBox = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  if (inTextBox && event.key !== "ArrowDown") return false;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  if (rows.length === 0) return false;
  const current = target instanceof Element ? target.closest<HTMLElement>(selector) : null;
  const index = current === null ? -1 : rows.indexOf(current);
  const next =
    move === "first" || index === -1
      ? 0
      : move === "last"
        ? rows.length - 1
        : Math.min(rows.length - 1, Math.max(0, index + (move === "next" ? 1 : -1)));
  rows[next]?.focus();
  event.preventDefault();
  return true;
}
