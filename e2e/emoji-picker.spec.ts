import { expect, type Locator } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { box, expectInViewport } from "./support/geometry";
import { goTo } from "./support/navigation";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// The emoji picker is a popover at the button that opened it, on screen and off compose even
// for the last message; its tabs scroll to Zulip's categories, the footer names the emoji under
// the pointer, and what was picked comes first in "Frequently used" the next time.

const SHOTS = process.env["PARLEY_SHOTS_DIR"];

/** Whether `popover` touches `anchor`: just above or below it, and overlapping it sideways. */
async function expectAnchored(popover: Locator, anchor: Locator): Promise<void> {
  const placed = await box(popover);
  const button = await box(anchor);
  const gapBelow = placed.y - (button.y + button.height);
  const gapAbove = button.y - (placed.y + placed.height);
  const gap = gapBelow >= 0 ? gapBelow : gapAbove;
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThanOrEqual(12);
  expect(placed.x).toBeLessThanOrEqual(button.x + button.width);
  expect(placed.x + placed.width).toBeGreaterThanOrEqual(button.x);
}

test("the emoji picker opens at the last message, on screen, and remembers what was picked", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await apiUser(baseURL ?? "", "hamlet@parley.test");
  const topic = `emoji picker ${Date.now().toString(36)}`;
  // Enough messages to fill the list, so the last one sits just above compose.
  for (let index = 0; index < 30; index++) {
    await api.sendStream("general", topic, `earlier message ${index}`);
  }
  const id = await api.sendStream("general", topic, "the last message");
  const generalId = (await api.streamIds()).get("general") ?? 0;

  const page = await logInFresh(browser, "hamlet@parley.test");
  await page.setViewportSize({ width: 1280, height: 800 });
  await goTo(page, narrowToHash(topicNarrow(generalId, "general", topic)));
  const row = page.locator(`li[data-message-id="${id}"]`);
  await expect(row.locator(".message-body")).toHaveText("the last message");
  await row.hover();
  const opener = row.getByRole("button", { name: "Add reaction" }).first();
  await opener.click();

  const picker = page.getByRole("dialog", { name: "Add a reaction" });
  await expect(picker.getByRole("searchbox", { name: "Search emoji" })).toBeFocused();
  await expect(picker).not.toHaveAttribute("data-placed", "false");
  await expectInViewport(page, picker);
  await expectAnchored(picker, opener);
  // Not over compose: it opened above the last message.
  const compose = await box(page.getByRole("form", { name: "Compose" }));
  const placed = await box(picker);
  expect(placed.y + placed.height).toBeLessThanOrEqual(compose.y);

  if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/emoji-picker-1280.png` });

  // First time: Zulip's defaults lead "Frequently used"; the footer names the one pointed at.
  const frequent = picker.getByRole("region", { name: "Frequently used" });
  await expect(frequent.getByRole("button").first()).toHaveAccessibleName(":+1:");
  await frequent.getByRole("button", { name: ":+1:" }).hover();
  const footer = picker.locator(".emoji-footer");
  await expect(footer).toContainText(":+1:");
  await expect(footer).toContainText(":thumbs_up:");

  // A tab scrolls the grid to its category.
  const pizza = picker
    .getByRole("region", { name: "Food & Drink" })
    .getByRole("button", { name: ":pizza:", exact: true });
  await expect(pizza).not.toBeInViewport();
  await picker.getByRole("button", { name: "Food & Drink" }).click();
  await expect(pizza).toBeInViewport();
  await expect(picker.getByRole("button", { name: "Food & Drink" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await pizza.hover();
  await expect(footer).toContainText(":pizza:");
  await pizza.click();
  await expect(picker).toHaveCount(0);
  await expect(row.getByRole("button", { name: "You reacted with :pizza:" })).toBeVisible();

  // Next time it leads "Frequently used"; Escape closes and gives focus back to the opener.
  const add = row.getByRole("button", { name: "Add reaction" }).last();
  await add.click();
  await expect(picker).not.toHaveAttribute("data-placed", "false");
  await expectInViewport(page, picker);
  await expectAnchored(picker, add);
  await expect(frequent.getByRole("button").first()).toHaveAccessibleName(":pizza:");
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(add).toBeFocused();

  // A skin tone applies to the emoji that have them, and is remembered.
  await add.click();
  await picker.getByRole("button", { name: "Medium skin tone" }).click();
  await expect(
    frequent.getByRole("button", { name: ":thumbs_up_medium_skin_tone:" }),
  ).toBeVisible();
  await expect(frequent.getByRole("button", { name: ":pizza:" })).toBeVisible();
  // A click outside (on the narrow's header, right of its title) closes it.
  await page.mouse.click(900, 75);
  await expect(picker).toHaveCount(0);
  await add.click();
  await expect(picker.getByRole("button", { name: "Medium skin tone" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await frequent.getByRole("button", { name: ":thumbs_up_medium_skin_tone:" }).click();
  await expect(
    row.getByRole("button", { name: "You reacted with :thumbs_up_medium_skin_tone:" }),
  ).toBeVisible();
});

test("on a phone, compose's emoji button opens the picker on screen; a pick goes in the message", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "horatio@parley.test");
  await openStreamAtNewest(page, "general");
  await page.setViewportSize({ width: 390, height: 844 });
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill("Well done ");
  const opener = page.getByRole("button", { name: "Add emoji" });
  await opener.click();
  const picker = page.getByRole("dialog", { name: "Choose an emoji" });
  await expect(picker.getByRole("searchbox", { name: "Search emoji" })).toBeFocused();
  await expect(picker).not.toHaveAttribute("data-placed", "false");
  await expectInViewport(page, picker);
  await expectAnchored(picker, opener);

  if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/emoji-picker-390.png` });

  // Its button closes it again; Escape closes it and gives focus back to the button.
  await opener.click();
  await expect(picker).toHaveCount(0);
  await opener.click();
  await expect(picker).not.toHaveAttribute("data-placed", "false");
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The keyboard: a search, down into the grid, right to the second match, Enter picks it.
  await opener.click();
  await page.keyboard.type("heart");
  await page.keyboard.press("ArrowDown");
  await expect(picker.getByRole("button", { name: ":heart:", exact: true })).toBeFocused();
  await expect(picker.locator(".emoji-footer")).toContainText(":heart:");
  await page.keyboard.press("ArrowRight");
  const second = picker.locator(".emoji-choice").nth(1);
  await expect(second).toBeFocused();
  const name = (await second.getAttribute("aria-label")) ?? "";
  await expect(picker.locator(".emoji-footer")).toContainText(name);
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(composer).toHaveValue(`Well done ${name} `);
  await expect(composer).toBeFocused();
});
