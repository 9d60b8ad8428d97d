/**
 * The reference files some tests need but the repository does not hold (test data and an API
 * description of other projects, under their own licences and versions): where they are, and
 * what to tell someone who does not have them. Node only: tests, e2e specs, benchmarks.
 *
 * The folder holding `corpus/` and `reference/` is `PARLEY_CORPORA_DIR`, else `../shared` beside
 * the project. `PARLEY_REQUIRE_CORPORA=1` (CI) turns the suites' skips into failures.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** One reference file: its path in the corpora folder, and where to get it. */
export interface CorpusFile {
  readonly path: string;
  readonly origin: string;
}

/** Every reference file a test reads. */
export const CORPORA = {
  markdownCases: {
    path: "corpus/zulip-markdown-test-cases.json",
    origin: "Zulip 9.0-dev (API feature level 247): zerver/tests/fixtures/markdown_test_cases.json",
  },
  dompurifyCases: {
    path: "corpus/dompurify-expect.json",
    origin: "DOMPurify 3.4.14: test/fixtures/expect.mjs, its array saved as JSON",
  },
  zulipOpenApi: {
    path: "reference/zulip-openapi-9.0-fl247.yaml",
    origin: "Zulip 9.0-dev (API feature level 247): zerver/openapi/zulip.yaml",
  },
} as const satisfies Record<string, CorpusFile>;

/** The folder that holds `corpus/` and `reference/`. */
export function corporaDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env["PARLEY_CORPORA_DIR"];
  return chosen !== undefined && chosen !== "" ? resolve(chosen) : resolve(ROOT, "../shared");
}

/** Whether missing reference files fail the suites that need them instead of skipping them. */
export function corporaRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env["PARLEY_REQUIRE_CORPORA"] === "1";
}

/** Where `file` is (or would be). */
function corpusPath(file: CorpusFile, env: NodeJS.ProcessEnv = process.env): string {
  return join(corporaDir(env), file.path);
}

/**
 * Which of `files` are missing and how to get them, or undefined when all are there. One
 * sentence, used as the name of the skipped test and as the error of the failing one.
 */
export function missingCorpora(
  files: readonly CorpusFile[],
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const missing = files.filter((file) => !existsSync(corpusPath(file, env)));
  if (missing.length === 0) return undefined;
  const chosen = env["PARLEY_CORPORA_DIR"];
  const where =
    chosen !== undefined && chosen !== ""
      ? `PARLEY_CORPORA_DIR is ${corporaDir(env)}`
      : `looked in ${corporaDir(env)} (../shared beside the project; PARLEY_CORPORA_DIR sets another folder)`;
  const names = missing.map((file) => `${file.path} (${file.origin})`).join(", ");
  return (
    `needs ${names}, which the repository does not hold: ${where}. Put the folder holding ` +
    "corpus/ and reference/ there; PARLEY_REQUIRE_CORPORA=1 makes its absence a failure"
  );
}

/** The text of `file`; throws saying what is missing and how to get it. */
export function readCorpus(file: CorpusFile, env: NodeJS.ProcessEnv = process.env): string {
  const problem = missingCorpora([file], env);
  if (problem !== undefined) throw new Error(`Reference file missing: ${problem}`);
  return readFileSync(corpusPath(file, env), "utf8");
}
