// The server's upload rules (common/wire/realm-emoji-rules.ts, the copy the server applies),
// checked here so that a bad name or file is caught before a possibly large upload, with the
// server's own wording. The server still checks; its refusal is shown too.
import type { RealmEmojiMap } from "../../../common/wire/realm";
import {
  EMOJI_SNIFF_BYTES,
  emojiImageType,
  emojiNameProblem as nameRuleProblem,
  INVALID_EMOJI_IMAGE,
  MAX_EMOJI_BYTES,
  MAX_EMOJI_NAME_LENGTH,
  type EmojiImageType,
} from "../../../common/wire/realm-emoji-rules";

// The form's name field is sized by it.
export { MAX_EMOJI_NAME_LENGTH };

/**
 * Why `name` cannot be a new emoji's name, or null when it can: blank (asked for in the form's
 * words), the server's name rule, or the name of an active emoji. Names are never trimmed.
 */
export function emojiNameProblem(name: string, existing: RealmEmojiMap | undefined): string | null {
  if (name === "") return "Enter a name for the emoji.";
  const problem = nameRuleProblem(name);
  if (problem !== undefined) return problem;
  const isTaken = Object.values(existing ?? {}).some(
    (emoji) => !emoji.deactivated && emoji.name === name,
  );
  return isTaken ? `A custom emoji called :${name}: already exists.` : null;
}

/** A chosen file, checked: its type, or why it cannot be uploaded. */
export type FileCheck =
  | { readonly isOk: true; readonly type: EmojiImageType }
  | { readonly isOk: false; readonly problem: string };

/** Checks a file's size and its leading bytes (the caller reads them). */
export function fileCheck(size: number, head: Uint8Array): FileCheck {
  if (size > MAX_EMOJI_BYTES) {
    return {
      isOk: false,
      problem: `The file is ${formatMiB(size)}; the limit is 5 MiB.`,
    };
  }
  const type = emojiImageType(head);
  return type === undefined ? { isOk: false, problem: INVALID_EMOJI_IMAGE } : { isOk: true, type };
}

/** The blob's bytes. FileReader rather than `Blob.arrayBuffer`, which jsdom lacks. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const { result } = reader;
      if (result instanceof ArrayBuffer) resolve(new Uint8Array(result));
      else reject(new Error("The file could not be read."));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error("The file could not be read."));
    };
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads the first bytes of `file` and checks it; a file that cannot be read is refused. */
export async function checkEmojiFile(file: Blob): Promise<FileCheck> {
  try {
    const head = await readBytes(file.slice(0, EMOJI_SNIFF_BYTES));
    return fileCheck(file.size, head);
  } catch {
    return { isOk: false, problem: "The file could not be read." };
  }
}

/** "5.3 MiB", with one decimal. */
function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * A name to offer for a chosen file when the user has typed none: the file name without its
 * extension, lower-cased, other characters as `_`, trimmed of trailing `_`/`-`. May be "".
 */
export function suggestEmojiName(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, "")
    .toLowerCase()
    .replace(/[^0-9a-z_-]+/g, "_")
    .replace(/[_-]+$/, "")
    .slice(0, MAX_EMOJI_NAME_LENGTH)
    .replace(/[_-]+$/, "");
}
