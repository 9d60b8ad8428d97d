/** What a key pressed on the message list does. */
export type ListKeyCommand =
  | "next"
  | "previous"
  | "newest"
  | "oldest"
  | "page-down"
  | "page-up"
  | "edit"
  | "edit-last"
  | "reply";

/**
 * The list's keys (no modifiers), as Zulip's: j/k and arrows move, End (Shift+G) goes to the
 * newest, Home to the oldest loaded, PgDn/PgUp (Shift+J/Shift+K) scroll a page, e edits,
 * ← edits one's last message, Enter replies (on the selected row itself). (`s` goes to the
 * selected message's conversation: a global key; Ctrl+S stars.)
 */
export function listKeyCommand(key: string): ListKeyCommand | null {
  switch (key) {
    case "ArrowLeft":
      return "edit-last";
    case "Enter":
      return "reply";
    case "Home":
      return "oldest";
    case "G":
      return "newest";
    case "PageDown":
    case "J":
      return "page-down";
    case "PageUp":
    case "K":
      return "page-up";
    case "j":
    case "ArrowDown":
      return "next";
    case "k":
    case "ArrowUp":
      return "previous";
    case "End":
      return "newest";
    case "e":
      return "edit";
    default:
      return null;
  }
}

/** The index of `id` in ascending `ids`, or -1. */
export function indexOfId(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle] ?? 0;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * The message to select after moving by `step` from `current` in ascending `ids`. When nothing
 * in the list is selected the move starts from `fallback` (the first message in view), which
 * itself is selected. Stays put at either end; undefined for an empty list.
 */
export function adjacentMessageId(
  ids: readonly number[],
  current: number | null,
  step: 1 | -1,
  fallback: number | undefined,
): number | undefined {
  if (ids.length === 0) return undefined;
  const index = current === null ? -1 : indexOfId(ids, current);
  if (index < 0) {
    return fallback !== undefined && indexOfId(ids, fallback) >= 0
      ? fallback
      : step === 1
        ? ids[0]
        : ids[ids.length - 1];
  }
  return ids[Math.max(0, Math.min(ids.length - 1, index + step))];
}

/** Keys typed into these belong to them, not to the list. */
const OWN_KEYS_SELECTOR = [
  "input",
  "textarea",
  "select",
  "[contenteditable]:not([contenteditable='false'])",
  "dialog",
  "[role='dialog']",
  "[role='menu']",
  "[role='menubar']",
  "[role='listbox']",
].join(",");

/** Widgets whose arrow keys move between their own items. */
const OWN_ARROWS_SELECTOR = "[role='toolbar'],[role='tablist'],[role='radiogroup'],[role='grid']";

/**
 * Whether a key event's target handles the key itself: anything typed into a text field,
 * a menu or a dialog; arrows in a toolbar or tab list.
 */
export function isOwnKeysTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(OWN_KEYS_SELECTOR) !== null) return true;
  return key.startsWith("Arrow") && target.closest(OWN_ARROWS_SELECTOR) !== null;
}
