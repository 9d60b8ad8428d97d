import { expect, type Locator } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Reactions through the emoji picker, seen live by another user, added to and removed.

function chip(row: Locator, emoji: string): Locator {
  return row.getByRole("button", {
    name: new RegExp(`reacted with :${emoji}:$`),
  });
}

test("a reaction added through the picker shows live to another user, who adds the same", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000); // two themes of axe besides the flow itself
  const run = Date.now().toString(36);
  const sender = await apiUser(baseURL ?? "", "horatio@parley.test");
  const topic = `reactions ${run}`;
  const id = await sender.sendStream("general", topic, `React to this, ${run}`);
  const generalId = (await sender.streamIds()).get("general") ?? 0;
  const hash = narrowToHash(topicNarrow(generalId, "general", topic));

  const othello = await logInFresh(browser, "othello@parley.test");
  const rosalind = await logInFresh(browser, "rosalind@parley.test");
  await goTo(othello, hash);
  await goTo(rosalind, hash);
  const othelloRow = othello.locator(`li[data-message-id="${id}"]`);
  const rosalindRow = rosalind.locator(`li[data-message-id="${id}"]`);
  await expect(rosalindRow).toBeVisible();

  // Othello picks :tada: by searching and clicking.
  await othelloRow.hover();
  await othelloRow.getByRole("button", { name: "Add reaction" }).first().click();
  const picker = othello.getByRole("dialog", { name: "Add a reaction" });
  const search = picker.getByRole("searchbox", { name: "Search emoji" });
  await expect(search).toBeFocused();
  await expectAccessible(othello, ".emoji-picker");
  await search.fill("tada");
  await picker.getByRole("button", { name: ":tada:", exact: true }).click();
  await expect(picker).toHaveCount(0);

  const othelloChip = chip(othelloRow, "tada");
  await expect(othelloChip).toHaveAttribute("aria-pressed", "true");
  await expect(othelloChip).toHaveAccessibleName("You reacted with :tada:");
  await expect(othelloChip.locator(".reaction-count")).toHaveText("1");

  // Rosalind sees it live, not as hers, and adds the same one by clicking the chip.
  const rosalindChip = chip(rosalindRow, "tada");
  await expect(rosalindChip).toHaveAccessibleName("Othello reacted with :tada:");
  await expect(rosalindChip).toHaveAttribute("aria-pressed", "false");
  await expect(rosalindChip.locator(".reaction-count")).toHaveText("1");
  await rosalindChip.click();
  await expect(rosalindChip.locator(".reaction-count")).toHaveText("2");
  await expect(rosalindChip).toHaveAttribute("aria-pressed", "true");
  await expect(othelloChip.locator(".reaction-count")).toHaveText("2");
  await expectAccessible(othello, `li[data-message-id="${id}"] .reactions`);
  await expect(othelloChip).toHaveAccessibleName("You, Rosalind reacted with :tada:");

  // Rosalind adds a second emoji with the keyboard only: search, then Enter picks the first.
  await rosalindRow.hover();
  await rosalindRow.getByRole("button", { name: "Add reaction" }).first().click();
  const rosalindPicker = rosalind.getByRole("dialog", {
    name: "Add a reaction",
  });
  await expect(rosalindPicker.getByRole("searchbox", { name: "Search emoji" })).toBeFocused();
  await rosalind.keyboard.type("heart_eyes");
  await rosalind.keyboard.press("Enter");
  await expect(rosalindPicker).toHaveCount(0);
  await expect(chip(othelloRow, "heart_eyes").locator(".reaction-count")).toHaveText("1");

  // Othello takes his back: one left, and it is not his.
  await othelloChip.click();
  await expect(othelloChip.locator(".reaction-count")).toHaveText("1");
  await expect(othelloChip).toHaveAttribute("aria-pressed", "false");
  await expect(rosalindChip).toHaveAccessibleName("You reacted with :tada:");

  // Rosalind removes both of hers: no chips remain anywhere.
  await rosalindChip.click();
  await chip(rosalindRow, "heart_eyes").click();
  await expect(othelloRow.getByRole("list", { name: "Reactions" })).toHaveCount(0);
  await expect(rosalindRow.getByRole("list", { name: "Reactions" })).toHaveCount(0);
});
