import { expect, test } from "@playwright/test";

// Login: the development login, the password login (the demo's password is `parley-demo`), a
// refused password shown plainly, and logging out again.

test("the development login logs in with one click", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /^Log in to / })).toBeVisible();
  await page.getByRole("button", { name: /hamlet@parley\.test/ }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  // Home is the Inbox.
  await expect(page.getByRole("heading", { level: 1, name: "Inbox", exact: true })).toBeVisible();
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
  await expect(page.getByRole("heading", { level: 1, name: "Inbox", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account: Othello" })).toBeVisible();

  // Logging out returns to the login page, and a reload stays logged out.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("form", { name: "Log in with your password" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Log in with your password" })).toBeVisible();
});

test("connecting and then going live moves nothing on the page", async ({ page }) => {
  // Hold the event registration so the app stays "connecting" while the page is measured. The
  // lists register's snapshot carries (streams, users, groups) are not asked for beside it: they
  // show "Loading…" until it answers, then fill in below what was measured.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/register", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/");
  await page.getByRole("button", { name: /hamlet@parley\.test/ }).click();
  const status = page.getByTestId("connection-status");
  await expect(status).toHaveAttribute("data-state", "connecting");
  await expect(status).toContainText("Connecting…");
  const allMessages = page
    .getByRole("navigation", { name: "Views" })
    .getByRole("link", { name: "All messages" });
  const heading = page.getByRole("heading", {
    level: 1,
    name: "Inbox",
    exact: true,
  });
  const general = page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name: "general", exact: true });
  await expect(allMessages).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(general).toBeHidden();
  const before = [await allMessages.boundingBox(), await heading.boundingBox()];

  release();
  await expect(status).toHaveAttribute("data-state", "live");
  await expect(status).not.toContainText("Connecting…");
  await expect(general).toBeVisible();

  expect([await allMessages.boundingBox(), await heading.boundingBox()]).toEqual(before);
});

test("on a development server its login is in view without scrolling", async ({ page }) => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto("/");
    const devLogin = page.getByRole("region", { name: "Development login" });
    await expect(devLogin.getByRole("button", { name: /iago@parley\.test/ })).toBeInViewport({
      ratio: 1,
    });
    // The other ways are still there, below it.
    await expect(page.getByRole("form", { name: "Log in with your password" })).toBeAttached();
  }
});
