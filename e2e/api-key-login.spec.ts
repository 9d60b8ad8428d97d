import { expect, test, type Page } from "@playwright/test";
import { devApiKey } from "./support/api-user";
import { expectAccessible } from "./support/axe";

// Email and API key login: the key is checked with `GET users/me` before it is accepted (a wrong
// one is a plain message), and "Your account" shows who is logged in, the same key on request,
// and logs out.

const HAMLET = "hamlet@parley.test";

async function apiKeyLogIn(page: Page, email: string, key: string): Promise<void> {
  const form = page.getByRole("form", { name: "Log in with an API key" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("API key").fill(key);
  await form.getByRole("button", { name: "Log in" }).click();
}

test("a wrong API key is refused plainly and the page stays usable", async ({ page }) => {
  await page.goto("/");
  // Well-formed (32 letters and digits) but not his.
  await apiKeyLogIn(page, HAMLET, "A".repeat(32));
  const form = page.getByRole("form", { name: "Log in with an API key" });
  await expect(form.getByRole("alert")).toHaveText("Invalid API key");
  await expect(form.getByLabel("Email")).toHaveValue(HAMLET);
  await expect(page.getByRole("button", { name: /^Account: / })).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem("parley.session"))).toBeNull();
});

test("log in with email and API key; the account page shows it and logs out", async ({
  page,
  context,
  baseURL,
}) => {
  const key = await devApiKey(baseURL ?? "", HAMLET);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/");
  await apiKeyLogIn(page, HAMLET, key);
  // Home is the Inbox.
  await expect(page.getByRole("heading", { level: 1, name: "Inbox", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Account: King Hamlet" }).click();
  await page.getByRole("menuitem", { name: "Your account" }).click();
  await expect(page).toHaveURL(/#settings\/account-and-privacy$/);
  const account = page.getByRole("region", { name: "Your account" });
  await expect(account.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(account).toContainText(HAMLET);
  await expect(account).toContainText("Member");
  await expect(account).toContainText("King Hamlet");

  // The key is not in the page until asked for.
  expect(await page.content()).not.toContain(key);
  await account.getByRole("button", { name: "Show API key" }).click();
  await expect(account.locator("code")).toHaveText(key);
  await account.getByRole("button", { name: "Copy" }).click();
  await expect(account.getByRole("status")).toHaveText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await account.getByRole("button", { name: "Hide" }).click();
  expect(await page.content()).not.toContain(key);

  await account.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("form", { name: "Log in with an API key" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Account: / })).toBeHidden();
});

for (const theme of ["light", "dark"] as const) {
  test(`the login page with an error and the account page pass axe, ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    const key = await devApiKey(baseURL ?? "", HAMLET);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await page.goto("/");
    await apiKeyLogIn(page, HAMLET, "B".repeat(32));
    await expect(page.getByRole("alert")).toHaveText("Invalid API key");
    await expect(page.getByRole("button", { name: /iago@parley\.test/ })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectAccessible(page, undefined, { themes: "current" });

    await page.getByRole("checkbox", { name: "Remember me on this device" }).check();
    await page
      .getByRole("form", { name: "Log in with an API key" })
      .getByLabel("API key")
      .fill(key);
    await page
      .getByRole("form", { name: "Log in with an API key" })
      .getByRole("button", { name: "Log in" })
      .click();
    await expect(page.getByRole("button", { name: "Account: King Hamlet" })).toBeVisible();
    await page.goto("/#settings/account-and-privacy");
    const account = page.getByRole("region", { name: "Your account" });
    await expect(account).toContainText("Member");
    await expect(account).toContainText("This device remembers you");
    await account.getByRole("button", { name: "Show API key" }).click();
    await expect(account.locator("code")).toHaveText(key);
    await expectAccessible(page, undefined, { themes: "current" });
    await account.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("form", { name: "Log in with an API key" })).toBeVisible();
  });
}
