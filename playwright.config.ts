import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";

/**
 * Chromium for the e2e tests: `CHROMIUM_PATH`, then Debian's, then Playwright's own download.
 * Playwright cannot download browsers on machines without general network access, so when none
 * is found the run stops here with what to install.
 */
function chromiumExecutable(): string | undefined {
  const candidates = [
    process.env["CHROMIUM_PATH"],
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find(
    (path): path is string => path !== undefined && path !== "" && existsSync(path),
  );
  if (found) return found;
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    "No Chromium found for the e2e tests. Install Debian's: `sudo apt-get install chromium` " +
      "(or any Chrome/Chromium and set CHROMIUM_PATH=/path/to/it).",
  );
}

const port = Number(process.env["E2E_PORT"] ?? 9997);
// One fresh data folder per run, chosen by the main process and inherited by the workers.
process.env["PARLEY_E2E_DATA"] ??= mkdtempSync(join(tmpdir(), "parley-e2e-"));
const executablePath = chromiumExecutable();
// Overridable so that two Playwright runs on one machine (say, while developing) do not share
// a port, a build or a report; CI uses the defaults.
const clientDir = process.env["E2E_CLIENT_DIR"] ?? "dist/client";
const serverDir = process.env["E2E_SERVER_DIR"] ?? "dist/server";
const outputDir = process.env["E2E_OUTPUT"] ?? "test-results/e2e";
const reportFile = process.env["E2E_REPORT"] ?? "reports/playwright.json";
// Servers the specs start themselves (e2e/support/server-process.ts) serve the same build.
process.env["CLIENT_DIR"] = clientDir;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env["CI"]),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: reportFile }]],
  outputDir,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    // The production build, as `npm start` runs it (the specs that start servers of their own
    // run server/main.ts through tsx).
    command: [
      `npx vite build --logLevel warn --outDir ${clientDir} --emptyOutDir`,
      `npx vite build --config vite.server.config.ts --logLevel warn --outDir ${serverDir}`,
      `node --enable-source-maps ${serverDir}/main.js`,
    ].join(" && "),
    url: `http://127.0.0.1:${port}/api/v1/server_settings`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env["PARLEY_E2E_DATA"],
      HEARTBEAT_SECONDS: "5",
      CLIENT_DIR: clientDir,
    },
  },
});
