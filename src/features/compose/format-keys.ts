/** What a key press in a message box asks for, beyond typing (Zulip's compose keys). */
export type ComposeKeyAction = "bold" | "italic" | "link" | "preview" | "go-to-conversation";

/** A Markdown format that wraps the selection. */
export type TextFormat = "bold" | "italic" | "link";

/** The parts of a key press that decide the compose key. */
export interface ComposeKeyPress {
  readonly key: string;
  /** The physical key ("KeyP"): Alt+P types "π" on a Mac. */
  readonly code: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/**
 * Zulip's keys of the message box: Ctrl+B bold, Ctrl+I italic, Ctrl+Shift+L a link (⌘ on a Mac),
 * Alt+P the preview, Ctrl+. the conversation the message is addressed to.
 */
export function composeKeyAction(press: ComposeKeyPress): ComposeKeyAction | null {
  const isCommand = press.ctrlKey || press.metaKey;
  if (press.altKey && !isCommand && !press.shiftKey) {
    return press.code === "KeyP" || press.key === "p" ? "preview" : null;
  }
  if (!isCommand || press.altKey) return null;
  const key = press.key.toLowerCase();
  if (press.shiftKey) return key === "l" ? "link" : null;
  if (key === "b") return "bold";
  if (key === "i") return "italic";
  return key === "." ? "go-to-conversation" : null;
}

/** Text to put in place of a selection, and what to select afterwards (absolute offsets). */
export interface FormatEdit {
  readonly insert: string;
  readonly selectionStart: number;
  readonly selectionEnd: number;
}

/**
 * The selection `start`–`end` of `value` wrapped in `format`, as Zulip's compose does: `**…**`
 * and `*…*` keep the wrapped text selected (or the caret between empty marks); a link
 * `[text](url)` selects `url`, to be typed over.
 */
export function formatSelection(
  value: string,
  start: number,
  end: number,
  format: TextFormat,
): FormatEdit {
  const selected = value.slice(start, end);
  if (format === "link") {
    const insert = `[${selected}](url)`;
    const urlStart = start + selected.length + 3;
    return { insert, selectionStart: urlStart, selectionEnd: urlStart + "url".length };
  }
  const mark = format === "bold" ? "**" : "*";
  const inner = start + mark.length;
  return {
    insert: `${mark}${selected}${mark}`,
    selectionStart: inner,
    selectionEnd: inner + selected.length,
  };
}

/**
 * Applies `format` to the textarea's selection. Through `execCommand("insertText")` where the
 * browser has it, so Ctrl+Z undoes it and React hears the input event; otherwise `onChange`
 * gets the new text.
 */
export function applyFormat(
  textarea: HTMLTextAreaElement,
  format: TextFormat,
  onChange: (text: string) => void,
): void {
  const { value, selectionStart, selectionEnd } = textarea;
  const edit = formatSelection(value, selectionStart, selectionEnd, format);
  textarea.focus();
  const isInserted =
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only edit the undo stack keeps
    typeof document.execCommand === "function" &&
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above
    document.execCommand("insertText", false, edit.insert);
  if (isInserted) {
    textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    return;
  }
  onChange(value.slice(0, selectionStart) + edit.insert + value.slice(selectionEnd));
  // Once React has put the new text in.
  requestAnimationFrame(() => {
    textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  });
}
