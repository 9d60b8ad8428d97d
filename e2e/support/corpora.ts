import { test } from "@playwright/test";
import { corporaRequired, missingCorpora, type CorpusFile } from "../../common/test/corpora";

/**
 * For a spec that needs reference files the repository does not hold (common/test/corpora.ts):
 * without them its tests are skipped, the annotation saying what is missing and how to get it,
 * or, with `PARLEY_REQUIRE_CORPORA=1` (CI), they fail saying the same. Call at the top of the
 * file (or of a `describe`).
 */
export function needsCorpora(files: readonly CorpusFile[]): void {
  const problem = missingCorpora(files);
  if (problem === undefined) return;
  if (corporaRequired()) {
    test.beforeEach(() => {
      throw new Error(`This spec ${problem}`);
    });
    return;
  }
  test.skip(true, `This spec ${problem}`);
}
