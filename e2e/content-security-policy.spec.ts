import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logIn } from "./support/reader";

// The page's Content-Security-Policy (server/http/security-headers.ts) must hold the whole app:
// no script, style, font, image or connection of ours may be refused. Chromium reports every
// refusal as a `securitypolicyviolation` event and a console error; both are collected from the
// first byte of the page on.

/** Collects CSP violations and console errors of `page`, from before its first script runs. */
async function watchForRefusals(page: Page): Promise<{ violations: string[]; errors: string[] }> {
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeBinding("reportCspViolation", (_source, text: unknown) => {
    violations.push(String(text));
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report: unknown = Reflect.get(window, "reportCspViolation");
      if (typeof report === "function") {
        const text = `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile})`;
        Reflect.apply(report, undefined, [text]);
      }
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { violations, errors };
}

test("the app, KaTeX and the emoji picker work under the page's CSP, with no refusal", async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const sender = await apiUser(baseURL ?? "", "horatio@parley.test");
  const topic = `csp ${run}`;
  const id = await sender.sendStream("general", topic, `Math under the policy: $$x^2$$ ${run}`);
  const generalId = (await sender.streamIds()).get("general") ?? 0;

  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const refusals = await watchForRefusals(page);
    const response = await page.goto("/");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await logIn(page, "", "othello@parley.test");
    await goTo(page, narrowToHash(topicNarrow(generalId, "general", topic)));

    // KaTeX from the server's rendering, with its inline style attributes and its fonts.
    const row = page.locator(`li[data-message-id="${id}"]`);
    await expect(row.locator(".katex").first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.fonts.check("16px KaTeX_Main")))
      .toBe(true);

    // The compose preview renders with the client's own renderer (loaded lazily).
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill(`Echo $$y^2$$ ${run}`);
    await composer.press("Enter");
    await expect(page.locator("li", { hasText: `Echo` }).locator(".katex").first()).toBeVisible();

    // The emoji picker: its images and styles, and a reaction through it.
    await row.hover();
    await row.getByRole("button", { name: "Add reaction" }).first().click();
    const picker = page.getByRole("dialog", { name: "Add a reaction" });
    await picker.getByRole("searchbox", { name: "Search emoji" }).fill("tada");
    await picker.getByRole("button", { name: ":tada:", exact: true }).click();
    await expect(row.getByRole("button", { name: /reacted with :tada:$/ })).toBeVisible();

    expect(refusals.violations).toEqual([]);
    expect(refusals.errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("another page cannot frame the app", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const refusals = await watchForRefusals(page);
    await page.setContent(`<iframe title="framed" src="${baseURL ?? ""}/"></iframe>`);
    await expect
      .poll(() => refusals.errors.some((text) => text.includes("frame-ancestors")))
      .toBe(true);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await framed?.locator("#root").count()).toBe(0);
  } finally {
    await context.close();
  }
});

test("the app's service worker registers and takes the page under the page's CSP", async ({
  browser,
}) => {
  // The other specs block service workers (playwright.config.ts); this context allows them.
  const context = await browser.newContext({ serviceWorkers: "allow" });
  try {
    const page = await context.newPage();
    const refusals = await watchForRefusals(page);
    await logIn(page, "", "othello@parley.test");
    // Registered a few seconds after the page's load (src/main.tsx), then in control.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), {
        timeout: 30_000,
      })
      .toMatch(/\/sw\.js$/);
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toMatch(/javascript/);

    expect(refusals.violations).toEqual([]);
    expect(refusals.errors).toEqual([]);
  } finally {
    await context.close();
  }
});
