import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { goTo } from "./support/navigation";
import { expectConnectionState, logInFresh, openStreamAtNewest } from "./support/reader";

// "Convert emoticons before sending" (Zulip's translate_emoticons): switched on in one tab of
// a person, followed live by their other tab, applied to what they send (`:)` becomes the
// emoji for everyone), and switched off again from the other tab.

const ACCOUNT_PAGE = "#settings/account-and-privacy";

function emoticonsBox(page: Page) {
  return page.getByRole("checkbox", { name: "Convert emoticons before sending" });
}

async function send(page: Page, topic: string, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Topic" }).fill(topic);
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
}

test("emoticons become emoji once the setting is on, in every tab of the person", async ({
  browser,
}) => {
  test.setTimeout(60_000); // three sessions
  const run = Date.now().toString(36);
  const topic = `emoticons ${run}`;
  const settingsTab = await logInFresh(browser, "hamlet@parley.test");
  const chatTab = await logInFresh(browser, "hamlet@parley.test");
  const reader = await logInFresh(browser, "othello@parley.test");
  await openStreamAtNewest(reader, "general");

  // Off by default: `:)` stays as typed.
  await openStreamAtNewest(chatTab, "general");
  await send(chatTab, topic, `plain ${run} :)`);
  const readerList = reader.getByRole("list", { name: "Messages" });
  await expect(readerList.getByText(`plain ${run} :)`)).toBeVisible();

  // Switched on in one tab; the other tab's page follows without a reload.
  await goTo(settingsTab, ACCOUNT_PAGE);
  await expectConnectionState(settingsTab, "live");
  await expect(emoticonsBox(settingsTab)).not.toBeChecked();
  await goTo(chatTab, ACCOUNT_PAGE);
  await expect(emoticonsBox(chatTab)).not.toBeChecked();
  await emoticonsBox(settingsTab).check();
  await expect(emoticonsBox(settingsTab)).toBeChecked();
  await expect(emoticonsBox(chatTab)).toBeChecked();

  // What the other tab sends now has the emoji, for the sender and for everyone else.
  await openStreamAtNewest(chatTab, "general");
  await send(chatTab, topic, `smiling ${run} :)`);
  for (const page of [chatTab, reader]) {
    const message = page
      .getByRole("list", { name: "Messages" })
      .getByRole("article")
      .filter({ hasText: `smiling ${run}` });
    await expect(message.locator('.emoji[title="smile"]')).toBeVisible();
    await expect(message).not.toContainText(":)");
  }

  // Switched off from the other tab; the first follows.
  await goTo(chatTab, ACCOUNT_PAGE);
  await emoticonsBox(chatTab).uncheck();
  await expect(emoticonsBox(settingsTab)).not.toBeChecked();
});
