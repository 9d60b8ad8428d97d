import { expect, test, type Page } from "@playwright/test";
import { expectConnectionState } from "./support/reader";

// A 360 px wide phone: the side panels are drawers, and nothing overflows sideways.

test.use({ viewport: { width: 360, height: 740 } });

/**
 * The app's register answers with no unread message, so the Inbox shows its empty state (the
 * greeting and the next steps) without marking anything read on the server.
 */
async function withNothingUnread(page: Page): Promise<void> {
  await page.route("**/api/v1/register", async (route) => {
    const response = await route.fetch();
    const body: unknown = await response.json();
    const json = {
      ...(typeof body === "object" && body !== null ? body : {}),
      unread_msgs: {
        count: 0,
        pms: [],
        streams: [],
        huddles: [],
        mentions: [],
        old_unreads_missing: false,
      },
    };
    await route.fulfill({ response, json });
  });
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test("at 360 px: open the streams drawer, read a stream, send a message", async ({ page }) => {
  await page.goto("/");
  await expectNoHorizontalScroll(page);
  await page.getByRole("button", { name: /prospero@parley\.test/ }).click();
  const openStreams = page.getByRole("button", { name: "Open streams" });
  await expect(openStreams).toBeVisible();
  await expectConnectionState(page, "live");
  await expectNoHorizontalScroll(page);

  // The sidebar is hidden in its closed drawer.
  const streams = page.getByRole("navigation", { name: "Streams" });
  await expect(streams).toBeHidden();
  await openStreams.click();
  await expect(streams).toBeVisible();
  await expectNoHorizontalScroll(page);
  // Escape closes the drawer and focus goes back to the button.
  await page.keyboard.press("Escape");
  await expect(streams).toBeHidden();
  await expect(openStreams).toBeFocused();

  await openStreams.click();
  await streams.getByRole("link", { name: "general", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "#general" })).toBeVisible();
  await expect(streams).toBeHidden();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.locator("li[data-message-id]").first()).toBeVisible();
  const jump = page.getByRole("button", { name: "Jump to newest" });
  if (await jump.isVisible()) await jump.click();
  await expectNoHorizontalScroll(page);

  const text = `From a phone ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: "Topic" }).fill("small screens");
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  await expect(messages.getByText(text)).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The users drawer: opened from the top bar, closed by the backdrop.
  await page.getByRole("button", { name: "Users" }).click();
  const panel = page.getByRole("complementary", { name: "Users and groups" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: /Prospero/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.mouse.click(20, 370);
  await expect(panel).toBeHidden();
});

test("at 390 px: any navigation closes the open drawer, Back included", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: /prospero@parley\.test/ }).click();
  await expectConnectionState(page, "live");
  const openStreams = page.getByRole("button", { name: "Open streams" });
  const streams = page.getByRole("navigation", { name: "Streams" });
  await openStreams.click();
  await streams.getByRole("link", { name: "general", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "#general" })).toBeVisible();
  await expect(streams).toBeHidden();

  // The drawer open again, the browser's Back goes to the previous view: the drawer closes.
  await openStreams.click();
  await expect(streams).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "#general" })).toBeHidden();
  await expect(streams).toBeHidden();

  // So does the users drawer when Forward comes back.
  await page.getByRole("button", { name: "Users" }).click();
  const users = page.getByRole("complementary", { name: "Users and groups" });
  await expect(users).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "#general" })).toBeVisible();
  await expect(users).toBeHidden();
});

test.describe("on a touch phone", () => {
  test.use({ hasTouch: true, isMobile: true });

  test("the empty Inbox offers no keyboard-shortcut card", async ({ page }) => {
    await withNothingUnread(page);
    await page.goto("/");
    await page.getByRole("button", { name: /prospero@parley\.test/ }).click();
    await expect(page.getByRole("heading", { name: "You have no unread messages" })).toBeVisible();
    await expect(page.getByRole("link", { name: /All messages/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Keyboard shortcuts/ })).toBeHidden();
  });

  test("a long press on a message opens its actions; the click of the lift goes nowhere", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /prospero@parley\.test/ }).click();
    await expectConnectionState(page, "live");
    await page.getByRole("button", { name: "Open streams" }).click();
    await page
      .getByRole("navigation", { name: "Streams" })
      .getByRole("link", { name: "general", exact: true })
      .click();
    const row = page.getByRole("list", { name: "Messages" }).locator("li[data-message-id]").last();
    const body = row.locator(".message-body");
    await expect(body).toBeVisible();
    const box = await body.boundingBox();
    if (box === null) throw new Error("the message body has no box");
    const at = { clientX: box.x + 8, clientY: box.y + box.height / 2 };
    const touch = { ...at, pointerType: "touch", pointerId: 11, isPrimary: true, bubbles: true };

    // The finger rests: the menu opens while it is still down, and the row is selected.
    await body.dispatchEvent("pointerdown", touch);
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Copy link to message" })).toBeVisible();
    await expect(row).toHaveAttribute("data-selected", "true");
    // The lift and its click: swallowed inside the list, so no link or handler under the
    // finger gets it, and the menu stays. A later tap's click goes through.
    await page.evaluate(() => {
      document.addEventListener("click", () => {
        Reflect.set(window, "__clicksOut", Number(Reflect.get(window, "__clicksOut") ?? 0) + 1);
      });
    });
    const clicksOut = () => page.evaluate((): unknown => Reflect.get(window, "__clicksOut") ?? 0);
    await body.dispatchEvent("pointerup", touch);
    await body.dispatchEvent("click", { ...at, bubbles: true });
    await expect(menu).toBeVisible();
    expect(await clicksOut()).toBe(0);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await body.dispatchEvent("pointerdown", touch);
    await body.dispatchEvent("pointerup", touch);
    await body.dispatchEvent("click", { ...at, bubbles: true });
    expect(await clicksOut()).toBe(1);
  });
});

test("a narrow window with a mouse keeps the keyboard-shortcut card", async ({ page }) => {
  await withNothingUnread(page);
  await page.goto("/");
  await page.getByRole("button", { name: /prospero@parley\.test/ }).click();
  await expect(page.getByRole("heading", { name: "You have no unread messages" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Keyboard shortcuts/ })).toBeVisible();
});
