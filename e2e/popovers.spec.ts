import { expect } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { box, expectInViewport } from "./support/geometry";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Menus stay on the screen: the last message's actions menu opens above compose, not under it,
// on a wide screen and on a phone; the account menu at the top right stays inside the window.

const SHOTS = process.env["PARLEY_SHOTS_DIR"];

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the last message's actions menu opens above compose at ${size.width} px`, async ({
    browser,
    baseURL,
  }) => {
    const api = await apiUser(baseURL ?? "", "hamlet@parley.test");
    const topic = `popovers ${size.width} ${Date.now().toString(36)}`;
    // Enough messages to fill the list, so the last one sits just above compose.
    for (let index = 0; index < 30; index++) {
      await api.sendStream("general", topic, `earlier message ${index}`);
    }
    const id = await api.sendStream("general", topic, "the last message");
    const generalId = (await api.streamIds()).get("general") ?? 0;

    const page = await logInFresh(browser, "hamlet@parley.test");
    await page.setViewportSize(size);
    await goTo(page, narrowToHash(topicNarrow(generalId, "general", topic)));
    const row = page.locator(`li[data-message-id="${id}"]`);
    await expect(row.locator(".message-body")).toHaveText("the last message");
    await row.click({ position: { x: 40, y: 10 } });
    await row.hover();
    await row.getByRole("button", { name: "Message actions" }).click();
    const menu = page.getByRole("menu", { name: "Message actions" });
    await expect(menu.getByRole("menuitem", { name: "Edit", exact: true })).toBeVisible();
    await expect(menu).not.toHaveAttribute("data-placed", "false");

    await expectInViewport(page, menu);
    // Not over (or under) compose: the menu ends above it, every entry can be clicked.
    const compose = await box(page.getByRole("form", { name: "Compose" }));
    const placed = await box(menu);
    expect(placed.y + placed.height).toBeLessThanOrEqual(compose.y);
    const last = menu.getByRole("menuitem").last();
    const reachable = await last.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(reachable).toBe(true);
    if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/menu-${size.width}.png` });

    // Escape closes it and gives focus back to its button, as before.
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Message actions" })).toBeFocused();
  });
}

test("the account menu at the top right stays inside a phone's screen", async ({ browser }) => {
  const page = await logInFresh(browser, "hamlet@parley.test");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: /^Account: / }).click();
  const menu = page.getByRole("menu", { name: /^Account: / });
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await expect(menu).not.toHaveAttribute("data-placed", "false");
  await expectInViewport(page, menu);
  // A click outside closes it.
  await page.mouse.click(200, 400);
  await expect(menu).toHaveCount(0);
});
