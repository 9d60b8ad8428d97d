import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { BrowserContext, Page, Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectConnectionState, logIn } from "./support/reader";

// The offline shell (issue 23): the app's service worker (/sw.js, vite.config.ts) precaches the
// built client, so a reload with the server unreachable still opens the app; a newer build's
// worker waits until the user accepts the update banner (src/features/offline/).

// Everything else runs with service workers blocked (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** Waits until a service worker controls `page` (registered a few seconds after the load). */
async function expectControlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** The requests a service worker of `context` sent to the network for the app's page. */
function pageRequestsFromWorkers(context: BrowserContext): Request[] {
  const seen: Request[] = [];
  context.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.serviceWorker() !== null && (pathname === "/" || pathname === "/index.html")) {
      seen.push(request);
    }
  });
  return seen;
}

test("with the server stopped, a reload opens the app from the service worker", async ({
  page,
  faults,
}) => {
  test.setTimeout(120_000);
  const server = await faults.startServer();
  await logIn(page, server.url, "hamlet@parley.test");
  await expectConnectionState(page, "live");
  await expectControlled(page);

  await server.stop();
  const fromWorkers = pageRequestsFromWorkers(page.context());
  const response = await page.reload();

  // The page came from the worker's precache: it asked the network for nothing.
  expect(response?.fromServiceWorker()).toBe(true);
  expect(fromWorkers).toEqual([]);
  // The app itself, logged in, still trying to reach the server (not Chromium's error page):
  // a register that fails at start keeps it "connecting", retrying, and it says it is offline.
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expectConnectionState(page, "connecting");
  await expect(page.getByTestId("connection-status")).toContainText(
    "Offline: the server cannot be reached",
  );
});

test("a new build's worker waits for the banner's Reload, which loads the new client", async ({
  page,
  faults,
}) => {
  test.setTimeout(150_000);
  // A copy of the build for this test's server, so that "deploying" a new one touches no other.
  const clientDir = mkdtempSync(join(tmpdir(), "parley-sw-client-"));
  try {
    cpSync(resolve(process.env["CLIENT_DIR"] ?? "dist/client"), clientDir, { recursive: true });
    const server = await faults.startServer({ env: { CLIENT_DIR: clientDir } });
    await logIn(page, server.url, "hamlet@parley.test");
    await expectConnectionState(page, "live");
    await expectControlled(page);
    await expect(page.getByTestId("update-banner")).toBeHidden();

    // Build B: a changed page, and the worker that lists it (the page's precache revision).
    await server.kill();
    deployChangedPage(clientDir);
    await server.start();

    // The app registers a new queue with the restarted server, which checks for a new worker.
    const banner = page.getByTestId("update-banner");
    await expect(banner).toContainText("A new version of Parley is available.", {
      timeout: 60_000,
    });
    await expect(page.locator('meta[name="parley-build"]')).toHaveCount(0);
    await banner.getByRole("button", { name: "Reload" }).click();
    await expect(page.locator('meta[name="parley-build"]')).toHaveAttribute("content", "B");
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByTestId("update-banner")).toBeHidden();
  } finally {
    rmSync(clientDir, { recursive: true, force: true });
  }
});

/**
 * What a deploy of a new client does to `clientDir`, in small: index.html changes (a marker the
 * test looks for) and sw.js lists it with a new revision. Their compressed copies are removed,
 * so the server sends the new files themselves.
 */
function deployChangedPage(clientDir: string): void {
  const page = join(clientDir, "index.html");
  writeFileSync(
    page,
    readFileSync(page, "utf8").replace("<head>", '<head><meta name="parley-build" content="B">'),
  );
  const worker = join(clientDir, "sw.js");
  const listed = readFileSync(worker, "utf8");
  const changed = listed.replace(
    /(\{url:"index\.html",revision:")[0-9a-f]+"/,
    `$1${Date.now().toString(16)}"`,
  );
  expect(changed).not.toBe(listed);
  writeFileSync(worker, changed);
  for (const name of ["index.html", "sw.js"]) {
    for (const suffix of [".br", ".gz"]) rmSync(join(clientDir, name + suffix), { force: true });
  }
}
