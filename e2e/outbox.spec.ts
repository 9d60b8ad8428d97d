import { expect } from "@playwright/test";
import { test } from "./support/test";
import { logInFresh, openStreamAtNewest } from "./support/reader";

function unique(label: string): string {
  return `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

test("a draft survives a reload", async ({ browser }) => {
  const page = await logInFresh(browser, "othello@parley.test");
  await openStreamAtNewest(page, "random");
  const text = unique("Half-written thought");
  await page.getByRole("textbox", { name: "Topic" }).fill("drafts");
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(text);
});

test("a message sent while the server is unreachable waits, survives a reload, and lands once", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  await openStreamAtNewest(page, "random");
  // Every send fails as a dead network would; the rest of the API still works.
  await page.context().route("**/api/v1/messages", async (route) => {
    if (route.request().method() === "POST") await route.abort("internetdisconnected");
    else await route.fallback();
  });
  const text = unique("Sent into the void");
  await page.getByRole("textbox", { name: "Topic" }).fill("outbox");
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");

  const echo = page.locator("li[data-local-id]").filter({ hasText: text });
  await expect(echo).toBeVisible();
  await expect(echo.getByRole("status")).toContainText("Not sent yet");
  await expect(echo.getByRole("button", { name: "Retry now" })).toBeVisible();

  await page.reload();
  await expect(page.locator("li[data-local-id]").filter({ hasText: text })).toBeVisible();

  await page.context().unroute("**/api/v1/messages");
  // It retries by itself with backoff; "Retry now" only shortens the wait (and may be gone
  // already if the automatic retry won the race).
  const retry = page
    .locator("li[data-local-id]")
    .filter({ hasText: text })
    .getByRole("button", { name: "Retry now" });
  await retry.click({ timeout: 2000 }).catch(() => undefined);
  const landed = page.locator("li[data-message-id]").filter({ hasText: text });
  await expect(landed).toHaveCount(1);
  await expect(page.locator("li[data-local-id]").filter({ hasText: text })).toHaveCount(0);
  // Let a duplicate (a second send, or the echo left behind) show up before counting again.
  await page.waitForTimeout(1000);
  await expect(
    page.locator("ol[aria-label='Messages'] > li").filter({ hasText: text }),
  ).toHaveCount(1);
});

test("a send the server refuses stays in place; cancel puts the text back", async ({ browser }) => {
  const page = await logInFresh(browser, "rosalind@parley.test");
  await openStreamAtNewest(page, "random");
  await page.context().route("**/api/v1/messages", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    return route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ result: "error", msg: "Not allowed today", code: "BAD_REQUEST" }),
    });
  });
  const text = unique("Refused words");
  await page.getByRole("textbox", { name: "Topic" }).fill("outbox");
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");

  const echo = page.locator("li[data-local-id]").filter({ hasText: text });
  await expect(echo.getByRole("status")).toHaveText("Not sent: Not allowed today");
  await echo.getByRole("button", { name: "Cancel" }).click();
  await expect(echo).toHaveCount(0);
  await expect(composer).toHaveValue(text);
});
