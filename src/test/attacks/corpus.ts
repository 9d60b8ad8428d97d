// The attack corpora, read from the corpora folder outside the project (never copied in; see
// common/test/corpora.ts for where it is and what to do without it).
import { CORPORA, readCorpus } from "../../../common/test/corpora";

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

/** The file `dompurifyCases` reads: suites and specs name it to be skipped without it. */
export const DOMPURIFY_CORPUS = CORPORA.dompurifyCases;

/**
 * Every case of DOMPurify's `expect.mjs` (223), numbered so titles are unique. Throws, saying
 * how to get the file, when it is missing.
 */
export function dompurifyCases(): AttackCase[] {
  const parsed: unknown = JSON.parse(readCorpus(DOMPURIFY_CORPUS));
  if (!Array.isArray(parsed) || !parsed.every(isStoredCase)) {
    throw new Error(`unexpected shape of ${DOMPURIFY_CORPUS.path}`);
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
