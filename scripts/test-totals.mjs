// Prints the totals of every test the last `npm test` ran (plus, in CI, the server suite run
// again against PostgreSQL), from the runners' JSON reports, as one line: `N passed, N failed`
// (`, N skipped` when some were skipped). A stage that failed without writing a report
// (type-check, lint, a runner that crashed, a database that would not start) counts as one
// failure.
import { existsSync, readFileSync } from "node:fs";

const REPORTS = "reports";

/** Vitest reports by the stage that writes them. */
const VITEST_REPORTS = { unit: "vitest.json", "unit-postgres": "vitest-postgres.json" };

function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

function vitestTotals(vitest) {
  return {
    passed: vitest.numPassedTests,
    // Test files that failed to load have no test results of their own.
    failed:
      vitest.numFailedTests +
      (vitest.testResults ?? []).filter(
        (file) => file.status === "failed" && file.assertionResults.length === 0,
      ).length,
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  };
}

export function totals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const reported = new Set();
  for (const [stage, file] of Object.entries(VITEST_REPORTS)) {
    const vitest = read(`${REPORTS}/${file}`);
    if (!vitest) continue;
    reported.add(stage);
    const counts = vitestTotals(vitest);
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  }
  const playwright = read(`${REPORTS}/playwright.json`);
  if (playwright) {
    reported.add("e2e");
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
    failed += (playwright.errors ?? []).length;
  }
  const stages = read(`${REPORTS}/stages.json`) ?? {};
  for (const [stage, status] of Object.entries(stages)) {
    if (status !== 0 && !reported.has(stage)) failed += 1;
  }
  return { passed, failed, skipped };
}

export function totalsLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(totalsLine(totals()));
}
