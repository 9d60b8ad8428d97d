import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser, type ApiUser } from "./support/api-user";
import { logIn, openStreamAtNewest } from "./support/reader";

// The rest of Zulip's keys: `s` goes to the selected message's topic and from a topic to its
// stream, Shift+P to the direct message feed, Alt+←/Alt+→ back and forward; in the compose box
// Ctrl+B bolds (Ctrl+Z undoes it), Alt+P toggles the preview, Ctrl+. goes to the conversation
// composed to; Shift+M mutes the focused topic of the Inbox; Backspace deletes the focused
// draft. Horatio reads.

const READER = "horatio@parley.test";
const run = Date.now().toString(36);

/** The reader's topic policies, as the server has them: [topic, policy] pairs. */
async function topicPolicies(reader: ApiUser): Promise<[string, number][]> {
  const body = await reader.call("POST", "register", { fetch_event_types: '["user_topic"]' });
  return (body["user_topics"] as { topic_name: string; visibility_policy: number }[]).map(
    (topic) => [topic.topic_name, topic.visibility_policy],
  );
}

function heading(page: Page) {
  return page.getByRole("heading", { level: 1 });
}

test("s goes to the topic, then its stream; Shift+P the DM feed; Alt+← and Alt+→ go back and forward", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const topic = `go there ${run}`;
  const text = `Go to my topic with s (${run})`;
  await iago.sendStream("general", topic, text);
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  await page.getByRole("list", { name: "Messages" }).getByText(text).click();

  await page.keyboard.press("s");
  await expect(heading(page)).toContainText(topic);
  await expect(page).toHaveURL(/\/topic\//);
  // No longer a star key.
  await expect(
    page.locator("li[data-message-id]", { hasText: text }).getByRole("img", { name: "Starred" }),
  ).toHaveCount(0);

  await page.keyboard.press("s");
  await expect(heading(page)).toHaveText("#general");

  await page.keyboard.press("Shift+P");
  await expect(heading(page)).toHaveText("Direct message feed");
  await expect(page).toHaveURL(/#narrow\/is\/dm$/);

  // One step back each press: the topic was two views ago.
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(heading(page)).toHaveText("#general");
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(heading(page)).toContainText(topic);
  await page.keyboard.press("Alt+ArrowRight");
  await expect(heading(page)).toHaveText("#general");
});

test("z opens the selected message's topic at that message", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const reader = await apiUser(baseURL ?? "", READER);
  const topic = `zoom ${run}`;
  const text = `Zoom to me ${run}`;
  const ids = [await iago.sendStream("general", topic, text)];
  for (let index = 0; index < 30; index++) {
    ids.push(await iago.sendStream("general", topic, `after ${index}`));
  }
  // All read: without z the topic would open at its newest message, far below.
  await reader.call("POST", "messages/flags", {
    messages: JSON.stringify(ids),
    op: "add",
    flag: "read",
  });
  await logIn(page, "", READER);
  await page.locator("body").press("/");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await expect(heading(page)).toContainText("Search");
  await page.getByRole("list", { name: "Messages" }).getByText(text).click();

  await page.keyboard.press("z");
  await expect(heading(page)).toContainText(topic);
  const row = page.locator(`li[data-message-id="${String(ids[0])}"]`);
  await expect(row).toHaveAttribute("data-selected", "true");
  await expect(row).toBeInViewport();
});

test("Ctrl+B, Ctrl+I and Ctrl+Shift+L format (Ctrl+Z undoes them), Alt+P previews, Ctrl+. goes to the topic", async ({
  page,
}) => {
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  await page.locator("body").press("c");
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toBeFocused();
  await page.keyboard.type("loud");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("Control+b");
  await expect(message).toHaveValue("**loud**");
  await page.keyboard.press("Control+z");
  await expect(message).toHaveValue("loud");
  await page.keyboard.press("End");
  await page.keyboard.press("Control+i");
  await expect(message).toHaveValue("loud**");
  await page.keyboard.type("soft");
  await expect(message).toHaveValue("loud*soft*");
  // A link: the selection becomes its text and "url" is selected, to be typed over.
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("Control+Shift+L");
  await expect(message).toHaveValue("[loud*soft*](url)");
  await page.keyboard.press("Control+z");
  await expect(message).toHaveValue("loud*soft*");
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("Control+Shift+L");
  await page.keyboard.type("https://example.com");
  await expect(message).toHaveValue("[loud*soft*](https://example.com)");

  await page.keyboard.press("Alt+p");
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview).toBeFocused();
  await expect(preview.locator("em")).toHaveText("soft");
  await page.keyboard.press("Alt+p");
  await expect(message).toBeFocused();

  const topic = `composed ${run}`;
  await page.getByRole("textbox", { name: "Topic" }).fill(topic);
  await message.focus();
  await page.keyboard.press("Control+.");
  await expect(heading(page)).toContainText(topic);
  // The text came along, in the topic's box.
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    "[loud*soft*](https://example.com)",
  );
});

test("Shift+M mutes the focused topic of the Inbox", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const reader = await apiUser(baseURL ?? "", READER);
  const topic = `inbox mute ${run}`;
  await iago.sendStream("general", topic, `Mute me from the Inbox (${run})`);
  await logIn(page, "", READER);
  await page.goto("/#inbox");
  const row = page.locator(".inbox-row-main", { hasText: topic });
  await row.focus();
  await expect(row).toBeFocused();

  await page.keyboard.press("Shift+M");
  await expect.poll(() => topicPolicies(reader)).toContainEqual([topic, 1]);
  // Muted topics leave the Inbox.
  await expect(page.locator(".inbox-row-main", { hasText: topic })).toHaveCount(0);
});

test("Shift+M mutes the focused topic of Recent conversations; g opens and closes the account menu", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const reader = await apiUser(baseURL ?? "", READER);
  const topic = `recent mute ${run}`;
  await iago.sendStream("general", topic, `Mute me from Recent conversations (${run})`);
  await logIn(page, "", READER);
  await page.goto("/#recent");
  const row = page.locator(".recent-row-main", { hasText: topic });
  await row.focus();
  await page.keyboard.press("Shift+M");
  await expect.poll(() => topicPolicies(reader)).toContainEqual([topic, 1]);

  await page.locator("body").press("g");
  const menu = page.getByRole("menu", { name: /^Account:/ });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("g");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: /^Account:/ })).toBeFocused();
});

test("Backspace deletes the focused draft, with its Undo", async ({ page }) => {
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  const text = `A draft to delete (${run})`;
  await page.locator("body").press("c");
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.goto("/#drafts");
  const draft = page.locator(".draft-item", { hasText: text });
  await draft.getByRole("link", { name: "Restore" }).focus();

  await page.keyboard.press("Backspace");
  await expect(draft).toHaveCount(0);
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(page.locator(".draft-item", { hasText: text })).toHaveCount(1);
});
