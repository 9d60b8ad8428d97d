import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectConnectionState, logIn, openStreamAtNewest } from "./support/reader";

// Themes: the switch in the top bar sets html[data-theme], the choice survives a reload, and
// "System" follows the operating system. Screenshots of the main view in both themes.

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

test("the theme switch changes the palette and the choice persists", async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: "light" });
  await logIn(page, "", "cordelia@parley.test");
  await openStreamAtNewest(page, "general");
  const theme = page.getByRole("banner").getByRole("group", { name: "Theme" });

  await theme.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  // The palette really changed: the page background is dark.
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBackground).not.toBe("rgb(244, 245, 247)");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
  await openStreamAtNewest(page, "general");
  await screenshot(page, testInfo, "main-view-dark");

  await theme.getByRole("radio", { name: "Light" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await openStreamAtNewest(page, "general");
  await screenshot(page, testInfo, "main-view-light");
  // The choice is the person's setting on the server: back to the default for other tests.
  await theme.getByRole("radio", { name: "System" }).check();
  await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();
});

test("the system theme follows the operating system", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await logIn(page, "", "cordelia@parley.test");
  // Once the person's settings have arrived (the theme is theirs, kept by the server), choose
  // Light and then System, so that System is a choice made here whatever was saved before.
  await expectConnectionState(page, "live");
  const theme = page.getByRole("banner").getByRole("group", { name: "Theme" });
  await theme.getByRole("radio", { name: "Light" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await theme.getByRole("radio", { name: "System" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});
