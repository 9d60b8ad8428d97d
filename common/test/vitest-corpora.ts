/**
 * Vitest suites that need the reference files (./corpora.ts). Without them a suite is never
 * counted as passed: it is one skipped test whose name says what is missing and how to get it,
 * or, with `PARLEY_REQUIRE_CORPORA=1` (CI), one failing test saying the same.
 */
import { describe, it } from "vitest";
import { corporaRequired, missingCorpora, type CorpusFile } from "./corpora";

const told = new Set<string>();

/**
 * Whether the suite `title` has to go without `files`; if so, registers the test that says so
 * (skipped, or failing when they are required). Suites written out case by case then use
 * `describe.skipIf(…)`; suites whose cases come from the files use `describeWithCorpora`.
 */
export function lacksCorpora(title: string, files: readonly CorpusFile[]): boolean {
  const problem = missingCorpora(files);
  if (problem === undefined) return false;
  if (corporaRequired()) {
    // The name stays short: the failure's message, which CI's log shows, is the explanation.
    it(`${title}: its reference files (PARLEY_REQUIRE_CORPORA=1)`, () => {
      throw new Error(`${title} ${problem}`);
    });
    return true;
  }
  it.skip(`${title} ${problem}`, () => undefined);
  // Once per test file (each runs in its own worker), not once per suite.
  if (!told.has(problem)) {
    told.add(problem);
    console.warn(`Skipped: ${title} ${problem}.`);
  }
  return true;
}

/** `describe(title, body)` when `files` are there; otherwise only the test of `lacksCorpora`. */
export function describeWithCorpora(
  title: string,
  files: readonly CorpusFile[],
  body: () => void,
): void {
  if (!lacksCorpora(title, files)) describe(title, body);
}
