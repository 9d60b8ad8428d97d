import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  corporaDir,
  corporaRequired,
  missingCorpora,
  readCorpus,
  type CorpusFile,
} from "./corpora";

const A: CorpusFile = { path: "corpus/a.json", origin: "project A: a.json" };
const B: CorpusFile = { path: "reference/b.yaml", origin: "project B: b.yaml" };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "parley-corpora-"));
  mkdirSync(join(dir, "corpus"));
  writeFileSync(join(dir, "corpus/a.json"), "[1]");
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("locating the reference files", () => {
  it("uses PARLEY_CORPORA_DIR, else ../shared beside the project", () => {
    expect(corporaDir({ PARLEY_CORPORA_DIR: dir })).toBe(dir);
    const beside = resolve(import.meta.dirname, "../../../shared");
    expect(corporaDir({})).toBe(beside);
    expect(corporaDir({ PARLEY_CORPORA_DIR: "" })).toBe(beside);
  });

  it("reads a file that is there, and says nothing is missing", () => {
    const env = { PARLEY_CORPORA_DIR: dir };
    expect(missingCorpora([A], env)).toBeUndefined();
    expect(readCorpus(A, env)).toBe("[1]");
  });

  it("names each missing file, where to get it, where it was looked for and the variables", () => {
    const problem = missingCorpora([A, B], { PARLEY_CORPORA_DIR: dir });
    expect(problem).toBe(
      "needs reference/b.yaml (project B: b.yaml), which the repository does not hold: " +
        `PARLEY_CORPORA_DIR is ${dir}. Put the folder holding corpus/ and reference/ there; ` +
        "PARLEY_REQUIRE_CORPORA=1 makes its absence a failure",
    );
    expect(missingCorpora([B], {})).toContain(
      `looked in ${corporaDir({})} (../shared beside the project; PARLEY_CORPORA_DIR sets another folder)`,
    );
    expect(() => readCorpus(B, { PARLEY_CORPORA_DIR: dir })).toThrow(
      `Reference file missing: ${problem ?? ""}`,
    );
  });

  it("requires the files only with PARLEY_REQUIRE_CORPORA=1", () => {
    expect(corporaRequired({ PARLEY_REQUIRE_CORPORA: "1" })).toBe(true);
    expect(corporaRequired({ PARLEY_REQUIRE_CORPORA: "0" })).toBe(false);
    expect(corporaRequired({})).toBe(false);
  });
});
