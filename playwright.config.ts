import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

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

/**
 * The web server's data folder: one fresh folder per run, made by the main process (the workers
 * load this file too, and inherit it) and removed when that process exits, after Playwright has
 * stopped the server, whether the tests passed or not. A folder given in `PARLEY_E2E_DATA` is
 * the caller's, and stays.
 */
function e2eDataDir(): string {
  const given = process.env["PARLEY_E2E_DATA"];
  if (given !== undefined && given !== "") return given;
  const made = mkdtempSync(join(tmpdir(), "parley-e2e-"));
  process.env["PARLEY_E2E_DATA"] = made;
  process.on("exit", () => {
    rmSync(made, { recursive: true, force: true });
  });
  return made;
}

const port = Number(process.env["E2E_PORT"] ?? 9997);
const dataDir = e2eDataDir();
const executablePath = chromiumExecutable();
// Overridable so that two Playwright runs on one machine (say, while developing) do not share
// a port, a build or a report; CI uses the defaults.
const clientDir = process.env["E2E_CLIENT_DIR"] ?? "dist/client";
const serverDir = process.env["E2E_SERVER_DIR"] ?? "dist/server";
const outputDir = process.env["E2E_OUTPUT"] ?? "test-results/e2e";
const reportFile = process.env["E2E_REPORT"] ?? "reports/playwright.json";
// Servers the specs start themselves (e2e/support/server-process.ts) serve the same build.
process.env["CLIENT_DIR"] = clientDir;

/**
 * `npm run screenshots` (scripts/screenshots.ts): pictures of the views, taken by this runner
 * for its web server and browser, but no test: its own output folder and no JSON report, so
 * neither `npm test`'s results nor its totals see it.
 */
const screenshots = process.env["PARLEY_SCREENSHOTS"] === "1";
const run: Pick<PlaywrightTestConfig, "testDir" | "testMatch" | "reporter" | "outputDir"> =
  screenshots
    ? {
        testDir: "scripts",
        testMatch: "**/scripts/screenshots.ts",
        reporter: [["list"]],
        outputDir: "test-results/screenshots",
      }
    : {
        testDir: "e2e",
        reporter: [["list"], ["json", { outputFile: reportFile }]],
        outputDir,
      };

export default defineConfig({
  ...run,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env["CI"]),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The app's service worker (/sw.js) would answer requests before `page.route` sees them, and
    // the specs inject faults with `page.route`: it is kept out, but where a spec asks for it
    // (offline-shell.spec.ts, content-security-policy.spec.ts).
    serviceWorkers: "block",
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
      DATA_DIR: dataDir,
      HEARTBEAT_SECONDS: "5",
      CLIENT_DIR: clientDir,
    },
  },
});
