import { expect, type Page, type Route } from "@playwright/test";
import { test } from "./support/test";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// An image larger than 840×560, uploaded through compose: the message shows the server's
// thumbnail (through the original's temporary URL), in a box of its final size before it
// loads, and the lightbox shows the thumbnail at once, then the original once it has loaded.

/** Pastes a 1600×1200 PNG drawn in the page (as a screenshot tool puts one on the clipboard). */
async function pasteLargePng(page: Page, name: string): Promise<void> {
  await page.getByRole("textbox", { name: "Message" }).evaluate(async (textarea, fileName) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext("2d");
    if (context === null) throw new Error("no 2D canvas");
    const gradient = context.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, "#2a6");
    gradient.addColorStop(1, "#36c");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 1200);
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, "image/png");
    });
    if (blob === null) throw new Error("no PNG from the canvas");
    const data = new DataTransfer();
    data.items.add(new File([blob], fileName, { type: "image/png" }));
    textarea.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, name);
}

/** Holds the requests of `pattern` until the returned function is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let open = false;
  const waiting: (() => void)[] = [];
  await page.route(pattern, async (route: Route) => {
    if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return () => {
    open = true;
    for (const resolve of waiting.splice(0)) resolve();
  };
}

test("an uploaded image shows as its thumbnail, boxed before it loads; the lightbox swaps in the original", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  const releaseThumbnail = await hold(page, /\/user_uploads\/temporary\/[^?]+\/840x560\.webp$/);
  const releaseOriginal = await hold(page, /\/user_uploads\/temporary\/[^/?]+\/big\.png$/);
  await openStreamAtNewest(page, "design");
  const topic = `thumbnails ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: "Topic" }).fill(topic);
  const message = page.getByRole("textbox", { name: "Message" });
  await message.click();
  await message.fill("A big one ");
  await pasteLargePng(page, "big.png");
  await expect(message).toHaveValue(/\[big\.png\]\(\/user_uploads\/\d+\/[^)]+\/big\.png\)/);
  await message.press("Enter");

  const row = page.locator("li[data-message-id]").filter({ hasText: "A big one" });
  const box = row.locator(".message_inline_image");
  const preview = box.locator("img");
  await expect(preview).toHaveAttribute("data-original-dimensions", "1600x1200");
  await expect(preview).toHaveAttribute(
    "src",
    /\/user_uploads\/temporary\/[^/]+\/big\.png\/840x560\.webp$/,
  );
  // Not loaded yet (held), and already the thumbnail's size: 1600×1200 in 840×560 is 747×560,
  // or the same proportions narrowed to the column.
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
  const before = await box.boundingBox();
  expect(before).not.toBeNull();
  const { width = 0, height = 0 } = before ?? {};
  expect(Math.round(width)).toBeLessThanOrEqual(747);
  expect(Math.abs(width / height - 4 / 3)).toBeLessThan(0.02);
  releaseThumbnail();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(747);
  expect(await box.boundingBox()).toEqual(before);

  await preview.click();
  const lightbox = page.getByRole("dialog", { name: /^Image \d+ of \d+$/ });
  const shown = lightbox.locator(".lightbox-image");
  await expect(shown).toHaveAttribute("src", /\/big\.png\/840x560\.webp$/);
  await expect(shown).not.toHaveAttribute("data-original", "");
  releaseOriginal();
  await expect(shown).toHaveAttribute("src", /\/user_uploads\/temporary\/[^/]+\/big\.png$/);
  await expect(shown).toHaveAttribute("data-original", "");
  await expect(lightbox.getByRole("link", { name: "Open original" })).toHaveAttribute(
    "href",
    /\/user_uploads\/temporary\/[^/]+\/big\.png$/,
  );
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
});
