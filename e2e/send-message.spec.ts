import { expect, test, type Browser, type Page } from "@playwright/test";

/** Opens the app in a fresh context (its own sessionStorage) and logs in by clicking the user. */
async function logInAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  return page;
}

async function openStream(page: Page, name: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `#${name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  // The stream opens at the reader's first unread message; live messages show once the list
  // reaches the newest, so catch up first.
  await expect(page.locator("li[data-message-id]").first()).toBeVisible();
  const jump = page.getByRole("button", { name: "Jump to newest" });
  if (await jump.isVisible()) await jump.click();
  await expect(jump).toBeHidden();
}

test("a message sent by one user appears live for another, once", async ({ browser }) => {
  const iago = await logInAs(browser, "iago@parley.test");
  const hamlet = await logInAs(browser, "hamlet@parley.test");
  await openStream(iago, "general");
  await openStream(hamlet, "general");

  const text = `Hello from Iago ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await iago.getByRole("textbox", { name: "Topic" }).fill("e2e greetings");
  const composer = iago.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");

  // The compose box clears once the server accepted the message.
  await expect(composer).toHaveValue("");

  const hamletMessages = hamlet.getByRole("list", { name: "Messages" });
  await expect(hamletMessages.getByText(text)).toBeVisible();
  await expect(
    hamletMessages.getByRole("article", { name: "Message from Iago" }).filter({ hasText: text }),
  ).toHaveCount(1);

  const iagoMessages = iago.getByRole("list", { name: "Messages" });
  await expect(iagoMessages.getByText(text)).toBeVisible();
  // Give a duplicate (e.g. the event applied twice) time to show up before counting.
  await iago.waitForTimeout(500);
  await expect(iagoMessages.getByText(text)).toHaveCount(1);
  await expect(hamletMessages.getByText(text)).toHaveCount(1);

  // Clicking the message's topic narrows to it; the message is still there.
  await hamletMessages
    .getByRole("article")
    .filter({ hasText: text })
    .getByRole("link", { name: "e2e greetings" })
    .click();
  await expect(
    hamlet.getByRole("heading", { level: 1, name: "#general > e2e greetings" }),
  ).toBeVisible();
  await expect(hamlet.getByRole("list", { name: "Messages" }).getByText(text)).toHaveCount(1);
});
