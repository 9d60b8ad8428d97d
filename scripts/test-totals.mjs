// Prints the totals of every test the last `npm test` ran (plus, in CI, the server suite run
// again against PostgreSQL), from the runners' JSON reports, as one line: `N passed, N failed`
// (`, N skipped` when some were skipped). A stage that failed without writing a report
// (type-check, lint, a runner that crashed, a database that would not start) counts as one
// failure. Before that line it names every failing test, so that the tail of a CI log says
// what broke, not only how much.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Vitest reports by the stage that writes them. */
const VITEST_REPORTS = { unit: "vitest.json", "unit-postgres": "vitest-postgres.json" };

/** Enough to name a flaky test or two without pushing the rest of a log's tail out. */
const MAX_LISTED = 30;

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

/** The first non-blank line of a runner's message, without colours, at most 240 characters. */
function firstLine(text) {
  const plain = String(text ?? "(no message)").replace(ANSI_COLOUR, "");
  const line = plain.split("\n").find((part) => part.trim() !== "") ?? plain;
  return line.trim().slice(0, 240);
}

function vitestSummary(vitest, root) {
  const failures = [];
  let filesNotLoaded = 0;
  for (const file of vitest.testResults ?? []) {
    const name = relative(root, file.name);
    // A file that failed to load has no test results of its own: it counts as one failure.
    if (file.status === "failed" && file.assertionResults.length === 0) {
      filesNotLoaded += 1;
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === "failed") {
        failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  }
  return {
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests + filesNotLoaded,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
    failures,
  };
}

function playwrightSummary(playwright) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const error = test.results.flatMap((result) => result.errors ?? [])[0];
        const title = [...titles, spec.title].join(" › ");
        failures.push(`e2e/${spec.file} › ${title}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the spec files, already named by `spec.file`.
  for (const suite of playwright.suites ?? []) walk(suite, []);
  const errors = playwright.errors ?? [];
  for (const error of errors) failures.push(`e2e: ${firstLine(error.message)}`);
  return {
    passed: playwright.stats.expected + playwright.stats.flaky,
    failed: playwright.stats.unexpected + errors.length,
    skipped: playwright.stats.skipped,
    failures,
  };
}

/**
 * Everything the reports in `dir` say: the totals, and one line per failure, tagged with its
 * stage (`[unit] file › test: message`).
 */
export function summarize(dir = "reports", root = process.cwd()) {
  const summary = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const add = (stage, part) => {
    summary.passed += part.passed;
    summary.failed += part.failed;
    summary.skipped += part.skipped;
    summary.failures.push(...part.failures.map((line) => `[${stage}] ${line}`));
  };
  const reported = new Set();
  for (const [stage, file] of Object.entries(VITEST_REPORTS)) {
    const vitest = read(join(dir, file));
    if (!vitest) continue;
    reported.add(stage);
    add(stage, vitestSummary(vitest, root));
  }
  const playwright = read(join(dir, "playwright.json"));
  if (playwright) {
    reported.add("e2e");
    add("e2e", playwrightSummary(playwright));
  }
  const stages = read(join(dir, "stages.json")) ?? {};
  for (const [stage, status] of Object.entries(stages)) {
    if (status === 0 || reported.has(stage)) continue;
    const failure = `stage failed (exit ${status})`;
    add(stage, { passed: 0, failed: 1, skipped: 0, failures: [failure] });
  }
  return summary;
}

function totalsLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

/** The failures (at most `MAX_LISTED` of them), then the totals line, which stays last. */
export function summaryLines(summary) {
  const lines = [];
  const { failures } = summary;
  if (failures.length > 0) {
    lines.push("", `failing (${failures.length}):`);
    lines.push(...failures.slice(0, MAX_LISTED).map((line) => `  ${line}`));
    if (failures.length > MAX_LISTED) {
      lines.push(`  ... and ${failures.length - MAX_LISTED} more (see reports/*.json)`);
    }
  }
  lines.push(totalsLine(summary));
  return lines;
}

export function printSummary(dir = "reports") {
  for (const line of summaryLines(summarize(dir))) console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSummary();
}
