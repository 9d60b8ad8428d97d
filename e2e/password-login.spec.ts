import { expect, test, type Page } from "@playwright/test";

// Email and password login (`fetch_api_key`; the demo's password is `parley-demo`), the server's
// refusal shown as it says it, and "Remember me on this device": without it the session lives in
// the tab (sessionStorage), with it a new tab of the same browser is still logged in.

const HAMLET = "hamlet@parley.test";

/** Fills the password form and submits it; `remember` ticks "Remember me on this device". */
async function passwordLogIn(
  page: Page,
  email: string,
  password: string,
  remember = false,
): Promise<void> {
  await page.goto("/");
  if (remember) await page.getByRole("checkbox", { name: "Remember me on this device" }).check();
  const form = page.getByRole("form", { name: "Log in with your password" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Log in" }).click();
}

async function expectLoggedIn(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "Account: King Hamlet" })).toBeVisible();
}

async function expectLoginPage(page: Page): Promise<void> {
  await expect(page.getByRole("form", { name: "Log in with your password" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Account: / })).toBeHidden();
}

test("hamlet logs in with his password and the app opens on his streams", async ({ page }) => {
  await passwordLogIn(page, HAMLET, "parley-demo");
  await expectLoggedIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox", exact: true })).toBeVisible();
  const streams = page.getByRole("navigation", { name: "Streams" });
  // His private stream is there; the one he is not in is not.
  await expect(streams.getByRole("link", { name: "leadership", exact: true })).toBeVisible();
  await expect(streams.getByRole("link", { name: "general", exact: true })).toBeVisible();
  await expect(streams.getByRole("link", { name: "board", exact: true })).toHaveCount(0);
});

test("a wrong password shows the server's message and keeps the email", async ({ page }) => {
  await passwordLogIn(page, HAMLET, "not the password");
  const form = page.getByRole("form", { name: "Log in with your password" });
  await expect(form.getByRole("alert")).toHaveText("Your username or password is incorrect");
  await expect(form.getByLabel("Email")).toHaveValue(HAMLET);
  await expectLoginPage(page);
});

test("without Remember me, a new tab shows the login page", async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await passwordLogIn(first, HAMLET, "parley-demo");
  await expectLoggedIn(first);
  await first.close();

  const second = await context.newPage();
  await second.goto("/");
  await expectLoginPage(second);
  await context.close();
});

test("with Remember me, a new tab is still logged in until logging out", async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await passwordLogIn(first, HAMLET, "parley-demo", true);
  await expectLoggedIn(first);
  await first.close();

  // A new page has an empty sessionStorage: only the device's storage can log it in.
  const second = await context.newPage();
  await second.goto("/");
  expect(await second.evaluate(() => sessionStorage.length)).toBe(0);
  await expectLoggedIn(second);
  await expect(second.getByRole("heading", { level: 1, name: "Inbox", exact: true })).toBeVisible();
  await expect(second.getByRole("button", { name: "Account: King Hamlet" })).toBeVisible();

  // Logging out makes the device forget him too.
  await second.getByRole("button", { name: "Log out" }).click();
  await expectLoginPage(second);
  await second.close();
  const third = await context.newPage();
  await third.goto("/");
  await expectLoginPage(third);
  await context.close();
});
