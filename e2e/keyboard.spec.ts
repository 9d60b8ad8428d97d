import { expect, test } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { expectConnectionState, logIn, openStreamAtNewest } from "./support/reader";

// The global shortcuts: `?` help, Escape, `/` search, `c` compose, `n` next unread topic.

test("? opens the shortcuts, Escape closes them, / searches, c composes", async ({ page }) => {
  await logIn(page, "", "horatio@parley.test");
  await openStreamAtNewest(page, "general");
  const body = page.locator("body");

  await body.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  // It lists the global shortcuts and the message list's.
  await expect(
    help.getByRole("cell", { name: "Go to the next topic with unread messages" }),
  ).toBeVisible();
  await expect(
    help.getByRole("cell", { name: "Star or unstar the selected message" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search messages" });
  await expect(search).toBeFocused();
  // The slash opened the search; it was not typed into it.
  await expect(search).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(search).not.toBeFocused();

  await page.keyboard.press("c");
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  await expect(message).toHaveValue("");
  // Letters typed in the compose box are text, not shortcuts.
  await page.keyboard.type("n?");
  await expect(message).toHaveValue("n?");
  await expect(help).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(message).not.toBeFocused();

  // The search box opens a search narrow.
  await page.keyboard.press("/");
  await search.fill("lunch");
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search: lunch");
  await expect(page).toHaveURL(/#narrow\/search\/lunch$/);
});

test("n goes to the next topic with unread messages", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  // A name that sorts before every demo stream, so its topic is the first unread one.
  const stream = `0-keys-${Date.now().toString(36)}`;
  await iago.createStream(stream, ["iago@parley.test", "viola@parley.test"]);
  await iago.sendStream(stream, "unread topic", "Read me with n");

  await logIn(page, "", "viola@parley.test");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  // The unread counts arrive with the event queue's registration.
  await expectConnectionState(page, "live");
  await page.locator("body").press("n");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${stream} > unread topic`);
  await expect(
    page.getByRole("list", { name: "Messages" }).getByText("Read me with n"),
  ).toBeVisible();
});

test("r replies to the selected message in its topic", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const topic = `reply ${Date.now().toString(36)}`;
  const text = `Reply to me with r (${topic})`;
  await iago.sendStream("general", topic, text);

  await logIn(page, "", "horatio@parley.test");
  await openStreamAtNewest(page, "general");
  const messages = page.getByRole("list", { name: "Messages" });
  await messages.getByText(text).click();
  await expect(messages.locator('li[data-selected="true"]')).toContainText(text);

  await page.keyboard.press("r");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#general > ${topic}`);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeFocused();
});
