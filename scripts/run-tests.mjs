// `npm test`: type-check, lint, unit tests (Vitest), end-to-end tests (Playwright, real
// Chromium against the real server). Every stage runs even if an earlier one failed, so one
// run shows everything that is wrong; the exit code is non-zero if any stage failed.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { printSummary } from "./test-totals.mjs";

const STAGES = [
  ["typecheck", ["npx", "tsc", "-b"]],
  ["lint", ["npm", "run", "--silent", "lint"]],
  [
    "unit",
    [
      "npx",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=reports/vitest.json",
    ],
  ],
  ["e2e", ["npx", "playwright", "test"]],
];

rmSync("reports", { recursive: true, force: true });
mkdirSync("reports", { recursive: true });
const results = {};
for (const [name, [command, ...args]] of STAGES) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const run = spawnSync(command, args, { stdio: "inherit" });
  results[name] = run.status ?? 1;
  writeFileSync("reports/stages.json", JSON.stringify(results, null, 2));
  console.log(`=== ${name}: ${results[name] === 0 ? "ok" : `FAILED (exit ${results[name]})`}`);
}
const failedStages = Object.entries(results)
  .filter(([, status]) => status !== 0)
  .map(([name]) => name);
console.log(
  `\nstages: ${failedStages.length === 0 ? "all passed" : `failed: ${failedStages.join(", ")}`}`,
);
printSummary();
process.exit(failedStages.length === 0 ? 0 : 1);
