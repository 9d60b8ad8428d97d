import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { expectConnectionState, logInFresh } from "./support/reader";

// Custom emoji: uploaded in the organisation page, then used in a message (through the `:`
// typeahead) and as a reaction (through the picker), seen live by another user; deactivated
// by an administrator at the end.

/** A 16×16 orange PNG, byte for byte (signature, IHDR, IDAT, IEND). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR42mN4ViH3nxLMMGrAqAGjBgwXAwAvJnsfGa86KQAAAABJRU5ErkJggg==",
  "base64",
);
const EMOJI_PAGE = "#organization/emoji-settings";

function emojiCard(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Custom emoji" }).locator(`li[data-emoji-name="${name}"]`);
}

/** Opens the emoji page, uploads `name` from the PNG bytes after trying a refused name. */
async function uploadEmoji(page: Page, name: string): Promise<void> {
  await goTo(page, EMOJI_PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Custom emoji" })).toBeVisible();
  const nameBox = page.getByRole("textbox", { name: "Name" });
  const upload = page.getByRole("button", { name: "Upload" });
  // Nothing is wrong before the user has done anything.
  await expect(page.getByText("Upload needs a name.")).toHaveCount(0);
  await expect(nameBox).toHaveAttribute("aria-invalid", "false");
  await nameBox.fill(`Bad ${name}`);
  await expect(nameBox).toHaveAccessibleDescription(
    "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
  );
  await expect(upload).toBeDisabled();
  await nameBox.fill(name);
  await page
    .getByLabel("Image")
    .setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: PNG });
  const preview = page.getByRole("img", {
    name: "Preview of the chosen image",
  });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty("naturalWidth", 16);
  await expect(upload).toBeEnabled();
  await expectAccessible(page, ".custom-emoji-page");
  await upload.click();
  await expect(page.getByRole("status").filter({ hasText: `Added :${name}:.` })).toBeVisible();
  await expect(nameBox).toHaveValue("");
}

test("an uploaded emoji is used in a message and a reaction, live for another user", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000); // three users, two themes of axe
  const run = Date.now().toString(36);
  const name = `e2e_${run}`;
  const topic = `custom emoji ${run}`;
  const sender = await apiUser(baseURL ?? "", "horatio@parley.test");
  await sender.sendStream("general", topic, `Custom emoji thread ${run}`);
  const generalId = (await sender.streamIds()).get("general") ?? 0;
  const hash = narrowToHash(topicNarrow(generalId, "general", topic));

  const hamlet = await logInFresh(browser, "hamlet@parley.test");
  const othello = await logInFresh(browser, "othello@parley.test");
  await goTo(othello, hash);
  await expectConnectionState(othello, "live");

  // Upload in the page: it joins the grid with its author, and the filter finds it.
  await uploadEmoji(hamlet, name);
  const card = emojiCard(hamlet, name);
  await expect(card).toContainText(`:${name}:`);
  await expect(card).toContainText("Added by King Hamlet");
  await expect(card.locator("img")).toHaveJSProperty("naturalWidth", 16);
  await hamlet.getByRole("searchbox", { name: "Filter emoji by name" }).fill(`:${name}`);
  await expect(
    hamlet.getByRole("list", { name: "Custom emoji" }).getByRole("listitem"),
  ).toHaveCount(1);

  // A message using it: the `:` typeahead offers it without a reload.
  await goTo(hamlet, hash);
  await expect(
    hamlet.getByRole("heading", { level: 1, name: `#general > ${topic}` }),
  ).toBeVisible();
  const composer = hamlet.getByRole("textbox", { name: "Message" });
  await composer.click();
  await composer.pressSequentially(`Shipping ${run} :${name.slice(0, 8)}`);
  await hamlet
    .getByRole("listbox", { name: "Emoji" })
    .getByRole("option", { name: new RegExp(`^:${name}:`) })
    .click();
  await expect(composer).toHaveValue(`Shipping ${run} :${name}: `);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");

  const hamletRow = hamlet
    .getByRole("list", { name: "Messages" })
    .locator("li[data-message-id]")
    .filter({ hasText: `Shipping ${run}` });
  const othelloRow = othello
    .getByRole("list", { name: "Messages" })
    .locator("li[data-message-id]")
    .filter({ hasText: `Shipping ${run}` });
  for (const row of [hamletRow, othelloRow]) {
    await expect(row.getByRole("img", { name: `:${name}:` })).toHaveJSProperty("naturalWidth", 16);
  }

  // A reaction with it, picked in the emoji picker by searching its name.
  await hamletRow.hover();
  await hamletRow.getByRole("button", { name: "Add reaction" }).first().click();
  const picker = hamlet.getByRole("dialog", { name: "Add a reaction" });
  await picker.getByRole("searchbox", { name: "Search emoji" }).fill(name);
  await picker.getByRole("button", { name: `:${name}:`, exact: true }).click();
  await expect(picker).toHaveCount(0);
  for (const [row, who] of [
    [hamletRow, "You"],
    [othelloRow, "King Hamlet"],
  ] as const) {
    const chip = row.getByRole("button", {
      name: `${who} reacted with :${name}:`,
    });
    await expect(chip.locator(".reaction-count")).toHaveText("1");
    await expect(chip.locator("img")).toHaveJSProperty("naturalWidth", 16);
  }

  // An administrator deactivates it after confirming; the author's page shows that live.
  const iago = await logInFresh(browser, "iago@parley.test");
  await goTo(iago, EMOJI_PAGE);
  await emojiCard(iago, name)
    .getByRole("button", { name: `Deactivate :${name}:` })
    .click();
  const dialog = iago.getByRole("dialog", { name: `Deactivate :${name}:?` });
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(emojiCard(iago, name)).toContainText("Deactivated");
  await goTo(hamlet, EMOJI_PAGE);
  await expect(emojiCard(hamlet, name)).toContainText("Deactivated");
  await expect(emojiCard(hamlet, name).getByRole("button")).toHaveCount(0);
  // The message keeps its image.
  await expect(othelloRow.getByRole("img", { name: `:${name}:` })).toBeVisible();
});

test("the emoji page fits a 360 px wide screen and a member cannot deactivate others' emoji", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "rosalind@parley.test");
  await page.setViewportSize({ width: 360, height: 720 });
  await goTo(page, EMOJI_PAGE);
  await expect(emojiCard(page, "shipit")).toContainText("Added by Iago");
  await expect(emojiCard(page, "shipit").getByRole("button")).toHaveCount(0);
  const overflow = await page
    .locator(".custom-emoji-page")
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
