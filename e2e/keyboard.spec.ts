import { expect, test } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { expectConnectionState, logIn, openStreamAtNewest } from "./support/reader";

// The global shortcuts: `?` help, Escape, `/` search, `c` compose, `n` next unread topic, and
// Zulip's keys for the selected message (`i`, `:`, `+`) and for starting a conversation (`x`).

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
  await expect(help.getByRole("cell", { name: "Star or unstar it" })).toBeVisible();
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

test("i, : and + act on the selected message; x starts a direct message; Ctrl+K searches", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const topic = `keys ${Date.now().toString(36)}`;
  const text = `Act on me from the keyboard (${topic})`;
  await iago.sendStream("general", topic, text);
  await logIn(page, "", "horatio@parley.test");
  await openStreamAtNewest(page, "general");
  const messages = page.getByRole("list", { name: "Messages" });
  await messages.getByText(text).click();
  const selected = messages.locator('li[data-selected="true"]');
  await expect(selected).toContainText(text);

  await page.keyboard.press("i");
  await expect(page.getByRole("menuitem", { name: "Quote and reply" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();

  await page.keyboard.press(":");
  const emojiSearch = page.getByRole("searchbox", { name: "Search emoji" });
  await expect(emojiSearch).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(emojiSearch).toBeHidden();

  const reactions = selected.getByRole("list", { name: "Reactions" });
  await page.keyboard.press("+");
  await expect(reactions.getByRole("button", { pressed: true })).toHaveCount(1);
  await page.keyboard.press("+");
  await expect(reactions).toHaveCount(0);

  await page.keyboard.press("x");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All messages");
  await expect(page.getByRole("combobox", { name: "Recipients" })).toBeFocused();

  await page.keyboard.press("Control+k");
  await expect(page.getByRole("searchbox", { name: "Search messages" })).toBeFocused();
});

test("the shortcuts' columns line up from one section to the next", async ({ page }) => {
  await logIn(page, "", "horatio@parley.test");
  await openStreamAtNewest(page, "general");
  await page.locator("body").press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  // The list loads when the dialog first opens.
  await expect(help.getByRole("row").first()).toBeAttached();
  const starts = await help
    .locator("tbody tr td:nth-child(2)")
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
  expect(starts.length).toBeGreaterThan(10);
  expect(new Set(starts).size).toBe(1);
});
