/** The parts of a key press that decide what Enter does in the message box. */
export interface EnterKeyPress {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** True while an input method (IME) is composing: Enter then confirms the composition. */
  readonly isComposing: boolean;
}

/**
 * What a key press in the message box does: "send", or "type" (the textarea's own behaviour, a
 * new line for Enter). Ctrl/Cmd+Enter always sends; plain Enter sends only when `enterSends`;
 * Shift+Enter (and Alt+Enter) always adds a line.
 */
export function enterAction(press: EnterKeyPress, enterSends: boolean): "send" | "type" {
  if (press.key !== "Enter" || press.isComposing) return "type";
  if (press.ctrlKey || press.metaKey) return "send";
  if (press.shiftKey || press.altKey) return "type";
  return enterSends ? "send" : "type";
}

/** The line under the box that says how to send. */
export function sendHint(enterSends: boolean): string {
  return enterSends
    ? "Enter to send, Shift+Enter for a new line"
    : "Ctrl+Enter (⌘+Enter on a Mac) to send, Enter for a new line";
}

/** `text` added at the end of `existing`, a blank line apart (a quote is its own paragraph). */
export function appendToContent(existing: string, text: string): string {
  return existing.trim() === "" ? text : `${existing.trimEnd()}\n\n${text}`;
}

/** `text` put in place of the selection `start`–`end` of `existing`, and the caret after it. */
export function insertAtSelection(
  existing: string,
  start: number,
  end: number,
  text: string,
): { text: string; caret: number } {
  const head = existing.slice(0, start);
  const needsSpace = head !== "" && !/\s$/u.test(head);
  const inserted = `${needsSpace ? " " : ""}${text} `;
  return { text: `${head}${inserted}${existing.slice(end)}`, caret: start + inserted.length };
}
