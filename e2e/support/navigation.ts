import type { Page } from "@playwright/test";

/**
 * Moves the running app to `hash` (a narrow, `#streams/all`, `#organization/…`) the way a link
 * does: the page is not reloaded, so the session, the event queue and the caches stay.
 */
export async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((value) => {
    window.location.hash = value;
  }, hash);
}
