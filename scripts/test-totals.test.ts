import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module script without types; its exports are checked here.
import { summarize, summaryLines } from "./test-totals.mjs";

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}
const summarizeReports = summarize as (dir: string, root: string) => Summary;
const linesOf = summaryLines as (summary: Summary) => string[];

const COLOUR = String.fromCharCode(27);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "parley-totals-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, report: unknown) {
  writeFileSync(join(dir, name), JSON.stringify(report));
}

function vitestReport(files: unknown[], counts: Partial<Record<string, number>> = {}) {
  return {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    ...counts,
    testResults: files,
  };
}

describe("the CI summary", () => {
  it("adds up Vitest, Playwright and failed stages, and names every failure", () => {
    write(
      "vitest.json",
      vitestReport(
        [
          {
            name: "/repo/src/a.test.ts",
            status: "failed",
            assertionResults: [
              { status: "passed", fullName: "a works" },
              {
                status: "failed",
                fullName: "a › breaks",
                failureMessages: [
                  `\n${COLOUR}[31mAssertionError: expected 1 to be 2${COLOUR}[39m\n at x`,
                ],
              },
            ],
          },
          {
            name: "/repo/src/b.test.ts",
            status: "failed",
            message: "Cannot find module 'x'",
            assertionResults: [],
          },
        ],
        { numPassedTests: 1, numFailedTests: 1, numPendingTests: 2 },
      ),
    );
    write("playwright.json", {
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: "login.spec.ts",
          file: "login.spec.ts",
          specs: [],
          suites: [
            {
              title: "login",
              file: "login.spec.ts",
              specs: [
                {
                  title: "rejects a wrong password",
                  file: "login.spec.ts",
                  tests: [
                    {
                      status: "unexpected",
                      results: [{ errors: [{ message: "Error: timed out\nCall log: ..." }] }],
                    },
                  ],
                },
                {
                  title: "retried",
                  file: "login.spec.ts",
                  tests: [{ status: "flaky", results: [] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [],
    });
    write("stages.json", { typecheck: 0, lint: 1, unit: 1, e2e: 1 });

    const summary = summarizeReports(dir, "/repo");

    expect(summary).toMatchObject({ passed: 5, failed: 4, skipped: 2 });
    expect(summary.failures).toEqual([
      "[unit] src/a.test.ts › a › breaks: AssertionError: expected 1 to be 2",
      "[unit] src/b.test.ts: Cannot find module 'x'",
      "[e2e] e2e/login.spec.ts › login › rejects a wrong password: Error: timed out",
      "[lint] stage failed (exit 1)",
    ]);
    const lines = linesOf(summary);
    expect(lines.at(-1)).toBe("5 passed, 4 failed, 2 skipped");
    expect(lines).toContain("failing (4):");
  });

  it("prints only the totals line when everything passed", () => {
    write("vitest.json", vitestReport([], { numPassedTests: 7 }));
    write("stages.json", { typecheck: 0, unit: 0 });

    expect(linesOf(summarizeReports(dir, "/repo"))).toEqual(["7 passed, 0 failed"]);
  });

  it("lists at most 30 failures, says how many more, and keeps the totals last", () => {
    const assertionResults = Array.from({ length: 45 }, (_, index) => ({
      status: "failed",
      fullName: `case ${index}`,
      failureMessages: ["Error: no"],
    }));
    write(
      "vitest.json",
      vitestReport([{ name: "/repo/x.test.ts", status: "failed", assertionResults }], {
        numFailedTests: 45,
      }),
    );

    const lines = linesOf(summarizeReports(dir, "/repo"));

    expect(lines.filter((line) => line.startsWith("  [unit]"))).toHaveLength(30);
    expect(lines).toContain("  ... and 15 more (see reports/*.json)");
    expect(lines.at(-1)).toBe("0 passed, 45 failed");
  });

  it("counts a stage with no report as one failure", () => {
    write("stages.json", { typecheck: 2, unit: 0 });

    const summary = summarizeReports(dir, "/repo");

    expect(summary).toMatchObject({ passed: 0, failed: 1, skipped: 0 });
    expect(summary.failures).toEqual(["[typecheck] stage failed (exit 2)"]);
  });
});
