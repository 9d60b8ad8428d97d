import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Edit a message's content and topic in place, then read its history: one card per version,
// the topic as old → new, the server's inserted/deleted highlighting, and the plain versions.

const AUTHOR = "prospero@parley.test";

async function openMenuItem(page: Page, row: Locator, item: string): Promise<void> {
  await row.hover();
  await row.getByRole("button", { name: "Message actions" }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

test("edit content and topic in place, then read the history with and without highlighting", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000); // two themes of axe besides the flow itself
  const run = Date.now().toString(36);
  const api = await apiUser(baseURL ?? "", AUTHOR);
  const oldTopic = `plans ${run}`;
  const newTopic = `garden plans ${run}`;
  const id = await api.sendStream("general", oldTopic, "Lunch at noon in the garden");
  const generalId = (await api.streamIds()).get("general") ?? 0;

  const page = await logInFresh(browser, AUTHOR);
  await goTo(page, narrowToHash(topicNarrow(generalId, "general", oldTopic)));
  const row = page.locator(`li[data-message-id="${id}"]`);
  await expect(row.locator(".message-body")).toHaveText("Lunch at noon in the garden");

  // Escape leaves the editor without saving.
  await openMenuItem(page, row, "Edit");
  const editor = row.getByRole("form", { name: "Edit message" });
  const content = editor.getByRole("textbox", { name: "Edit content" });
  await expect(content).toHaveValue("Lunch at noon in the garden");
  await expect(content).toBeFocused();
  await content.fill("Never mind");
  await content.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(row.locator(".message-body")).toHaveText("Lunch at noon in the garden");

  // Content and topic in one save; the message moves to the new topic.
  await openMenuItem(page, row, "Edit");
  await expect(content).toHaveValue("Lunch at noon in the garden");
  await content.fill("Lunch at one in the rose garden");
  await editor.getByRole("textbox", { name: "Edit topic" }).fill(newTopic);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(row).toHaveCount(0);

  await goTo(page, narrowToHash(topicNarrow(generalId, "general", newTopic)));
  await expect(row.locator(".message-body")).toHaveText("Lunch at one in the rose garden");

  // A second edit, saved with Enter.
  await openMenuItem(page, row, "Edit");
  await content.fill("Lunch at one in the rose garden, bring bread");
  await content.press("Enter");
  await expect(editor).toHaveCount(0);
  await expect(row.locator(".message-body")).toHaveText(
    "Lunch at one in the rose garden, bring bread",
  );

  await openMenuItem(page, row, "View edit history");
  const dialog = page.getByRole("dialog", { name: "Edit history" });
  const cards = dialog.getByRole("list", { name: "Versions" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByRole("heading")).toHaveText("Original");
  await expect(cards.nth(0)).toContainText("Posted by Prospero");
  await expect(cards.nth(1)).toContainText("Edited by Prospero");
  await expect(cards.nth(1).locator(".history-old")).toHaveText(oldTopic);
  await expect(cards.nth(1).locator(".history-new")).toHaveText(newTopic);
  await expect(cards.nth(2).locator(".history-old")).toHaveCount(0);

  const inserted = cards.nth(1).locator(".highlight_text_inserted");
  const deleted = cards.nth(1).locator(".highlight_text_deleted");
  await expect(inserted.first()).toBeVisible();
  await expect(deleted.first()).toBeVisible();
  await expect(cards.nth(1).locator(".highlight_text_inserted", { hasText: "one" })).toHaveCount(1);
  await expect(cards.nth(1).locator(".highlight_text_deleted", { hasText: "noon" })).toHaveCount(1);
  // A replacement reads deletion first: "noon" struck through, then "one".
  await expect(
    cards.nth(1).locator(".highlight_text_deleted, .highlight_text_inserted").first(),
  ).toHaveText("noon");
  await expect(cards.nth(2).locator(".highlight_text_inserted", { hasText: "bread" })).toHaveCount(
    1,
  );
  // Not colour alone: inserted text is underlined, deleted text struck through.
  expect(await inserted.first().evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe(
    "underline",
  );
  expect(await deleted.first().evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe(
    "line-through",
  );
  await page.screenshot({
    path: testInfo.outputPath("edit-history-highlighted.png"),
  });
  await expectAccessible(page, ".edit-history-dialog");

  await dialog.getByRole("radio", { name: "Plain versions" }).check();
  await expect(dialog.locator(".highlight_text_inserted, .highlight_text_deleted")).toHaveCount(0);
  await expect(cards.nth(0).locator(".message-body")).toHaveText("Lunch at noon in the garden");
  await expect(cards.nth(1).locator(".message-body")).toHaveText("Lunch at one in the rose garden");
  await expect(cards.nth(2).locator(".message-body")).toHaveText(
    "Lunch at one in the rose garden, bring bread",
  );
  await page.screenshot({
    path: testInfo.outputPath("edit-history-plain.png"),
  });

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});
