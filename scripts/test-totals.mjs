// Prints the totals of every test the last `npm test` ran, from the runners' JSON reports, as
// one line: `N passed, N failed` (`, N skipped` when some were skipped). A stage that failed
// without writing a report (type-check, lint, a runner that crashed) counts as one failure.
import { existsSync, readFileSync } from "node:fs";

const REPORTS = "reports";

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

export function totals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const vitest = read(`${REPORTS}/vitest.json`);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
    // Test files that failed to load have no test results of their own.
    failed += (vitest.testResults ?? []).filter(
      (file) => file.status === "failed" && file.assertionResults.length === 0,
    ).length;
  }
  const playwright = read(`${REPORTS}/playwright.json`);
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
    failed += (playwright.errors ?? []).length;
  }
  const stages = read(`${REPORTS}/stages.json`) ?? {};
  for (const [stage, status] of Object.entries(stages)) {
    const hasReport = (stage === "unit" && vitest) || (stage === "e2e" && playwright);
    if (status !== 0 && !hasReport) failed += 1;
  }
  return { passed, failed, skipped };
}

export function totalsLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(totalsLine(totals()));
}
