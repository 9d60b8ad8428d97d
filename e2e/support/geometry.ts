import { expect, type Locator, type Page } from "@playwright/test";

/** Where `locator` is drawn; throws when it is not on the page. */
export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error("not on the page");
  return found;
}

/** Whether the whole of `inner` is inside the window. */
export async function expectInViewport(page: Page, inner: Locator): Promise<void> {
  const { x, y, width, height } = await box(inner);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(viewport.width);
  expect(y + height).toBeLessThanOrEqual(viewport.height);
}
