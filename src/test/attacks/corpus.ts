// The attack corpora, read from `../shared/corpus/` (outside the project; never copied in).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** One DOMPurify expectation case: a hostile payload (the expected output is not used here). */
export interface AttackCase {
  title: string;
  payload: string;
}

/** A corpus entry as stored: `title` is missing on about half of them. */
interface StoredCase {
  title?: unknown;
  payload: string;
}

function isStoredCase(value: unknown): value is StoredCase {
  return (
    typeof value === "object" &&
    value !== null &&
    "payload" in value &&
    typeof value.payload === "string"
  );
}

// A path, not a URL object: under jsdom the global `URL` is jsdom's, which `fs` refuses.
const CORPUS_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  "../../../../shared/corpus/dompurify-expect.json",
);

/** Every case of DOMPurify's `expect.mjs` (223), numbered so titles are unique. */
export function dompurifyCases(): AttackCase[] {
  const parsed: unknown = JSON.parse(readFileSync(CORPUS_PATH, "utf8"));
  if (!Array.isArray(parsed) || !parsed.every(isStoredCase)) {
    throw new Error(`unexpected corpus shape in ${CORPUS_PATH}`);
  }
  return parsed.map((item, index) => ({
    title: `#${index + 1} ${typeof item.title === "string" ? item.title : item.payload.slice(0, 60)}`,
    payload: item.payload,
  }));
}

/**
 * The same payload with every `alert(` call also setting `window.__pwned`, so a script that runs
 * without calling a dialog (or calls it through an alias) is still seen.
 */
export function flagVariant(payload: string): string {
  return payload.replace(/alert\s*\(/gi, "(window.__pwned=1,alert)(");
}
