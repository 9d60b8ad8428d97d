/** What a key press outside the message list asks for. */
export type GlobalAction =
  | "compose"
  | "new-direct"
  | "reply"
  | "reply-to-sender"
  | "next-unread"
  | "next-unread-direct"
  | "next-unread-followed"
  | "previous-stream"
  | "next-stream"
  | "combined-feed"
  | "inbox"
  | "recent"
  | "drafts"
  | "search"
  | "filter-users"
  | "streams"
  | "starred"
  | "message-menu"
  | "react"
  | "toggle-thumbs-up"
  | "quote"
  | "star"
  | "toggle-topic-mute"
  | "sender-card"
  | "view-image"
  | "toggle-collapsed"
  | "mark-unread-from"
  | "toggle-first-reaction"
  | "reply-mention"
  | "edit-history"
  | "move"
  | "help"
  | "escape"
  | "home"
  | "go-to-conversation"
  | "dm-feed"
  | "zoom"
  | "history-back"
  | "history-forward"
  | "account-menu";

/** The parts of a key press that decide the action. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** Focus is in a text field: letters are text there, not commands. */
  readonly isTyping: boolean;
  /** A modal dialog is open: it handles its own keys (Escape included). */
  readonly isInDialog: boolean;
}

/** Zulip's keys (its keyboard shortcuts help), as `KeyboardEvent.key` (Shift+R is "R"). */
const LETTER_ACTIONS: Readonly<Record<string, GlobalAction>> = {
  c: "compose",
  x: "new-direct",
  r: "reply",
  R: "reply-to-sender",
  n: "next-unread",
  p: "next-unread-direct",
  "/": "search",
  w: "filter-users",
  q: "streams",
  "*": "starred",
  i: "message-menu",
  ":": "react",
  "+": "toggle-thumbs-up",
  "?": "help",
  N: "next-unread-followed",
  A: "previous-stream",
  D: "next-stream",
  a: "combined-feed",
  I: "inbox",
  t: "recent",
  d: "drafts",
  ">": "quote",
  M: "toggle-topic-mute",
  u: "sender-card",
  v: "view-image",
  "-": "toggle-collapsed",
  U: "mark-unread-from",
  "=": "toggle-first-reaction",
  "@": "reply-mention",
  H: "edit-history",
  m: "move",
  s: "go-to-conversation",
  P: "dm-feed",
  z: "zoom",
  g: "account-menu",
};

/** Alt+← and Alt+→: back and forward through the views seen, as the browser's own keys. */
const HISTORY_ACTIONS: Readonly<Record<string, GlobalAction>> = {
  ArrowLeft: "history-back",
  ArrowRight: "history-forward",
};

/**
 * The global shortcut a key press means, or null. Escape (and Ctrl+[, which goes on to the home
 * view once nothing is left to close) works even while typing,
 * Ctrl+K (⌘+K) searches from anywhere, Ctrl+S stars the selected message (not while typing,
 * where the browser's own keys stay), and Alt+←/Alt+→ go back and forward (not while typing,
 * where they move the caret), as in Zulip. No other modified key is taken.
 */
export function globalAction(press: KeyPress): GlobalAction | null {
  if (press.isInDialog) return null;
  if ((press.ctrlKey || press.metaKey) && !press.altKey) {
    const key = press.key.toLowerCase();
    if (key === "s") return press.isTyping ? null : "star";
    // Ctrl+[ is Ctrl on a Mac too (⌘+[ is the browser's Back).
    if (key === "[") return press.ctrlKey ? "home" : null;
    return key === "k" ? "search" : null;
  }
  if (press.altKey && !press.ctrlKey && !press.metaKey && !press.isTyping) {
    return Object.hasOwn(HISTORY_ACTIONS, press.key) ? (HISTORY_ACTIONS[press.key] ?? null) : null;
  }
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === "Escape") return "escape";
  if (press.isTyping) return null;
  return Object.hasOwn(LETTER_ACTIONS, press.key) ? (LETTER_ACTIONS[press.key] ?? null) : null;
}

const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** Whether typing into `element` makes text (a text field, a select, an editable element). */
export function isTextField(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}

/** Widgets that take letters and arrows as their own: a menu, a list box. */
const OWN_LETTERS_SELECTOR = "[role='menu'],[role='menubar'],[role='listbox']";

/**
 * Whether a key typed at `element` is its own, not a shortcut: in a text field, as in Zulip, and
 * in an open menu or list box (their letters and arrows pick items).
 */
export function isOwnKeysElement(element: Element | null): boolean {
  return isTextField(element) || element?.closest(OWN_LETTERS_SELECTOR) != null;
}
