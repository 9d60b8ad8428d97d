import { expect, test } from "@playwright/test";

// Login: the development login, the password login (the demo's password is `parley-demo`), a
// refused password shown plainly, and logging out again.

test("the development login logs in with one click", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /^Log in to / })).toBeVisible();
  await page.getByRole("button", { name: /hamlet@parley\.test/ }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, King" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account: King Hamlet" })).toBeVisible();
});

test("a password login works, a wrong password is refused with the reason", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Log in with your password" });
  await form.getByLabel("Email").fill("othello@parley.test");
  await form.getByLabel("Password").fill("not the password");
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(form.getByRole("alert")).toHaveText("Your username or password is incorrect");
  await expect(page.getByRole("button", { name: "Log out" })).toBeHidden();

  await form.getByLabel("Password").fill("parley-demo");
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Othello" })).toBeVisible();

  // Logging out returns to the login page, and a reload stays logged out.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("form", { name: "Log in with your password" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Log in with your password" })).toBeVisible();
});
