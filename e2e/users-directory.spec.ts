import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { logIn } from "./support/reader";

// The users page: a directory searchable by name and by email, with roles and presence; a
// name opens the user's card; usable at 360 px.

test("the users directory: search by name and email, roles, the card, 360 px", async ({ page }) => {
  await logIn(page, "", "hamlet@parley.test");
  await page
    .getByRole("navigation", { name: "Organization" })
    .getByRole("link", { name: "Users", exact: true })
    .click();
  await expect(page).toHaveURL(/#organization\/users$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const table = main.getByRole("table");
  const rows = table.locator("tbody tr");
  await expect(rows.filter({ hasText: "Iago" })).toHaveCount(1);

  const search = main.getByRole("searchbox", { name: "Search users" });
  await search.fill("iag");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell")).toHaveText([
    "Iago",
    "iago@parley.test",
    "Administrator",
    /^(Active|Idle|Offline)$/,
  ]);

  await search.fill("POLONIUS@parley");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell").nth(2)).toHaveText("Guest");

  await search.fill("bot@");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell").first()).toContainText("Welcome Bot");
  await expect(rows.first().getByRole("cell").first()).toContainText("Bot");

  // Hamlet's own tab reports him active; the owner is named as such.
  await search.fill("");
  await expect(rows.filter({ hasText: "hamlet@parley.test" }).getByRole("cell").nth(3)).toHaveText(
    "Active",
  );
  await expect(
    rows.filter({ hasText: "desdemona@parley.test" }).getByRole("cell").nth(2),
  ).toHaveText("Owner");

  // Sorted by name; the header flips it.
  const nameHeader = table.getByRole("columnheader", { name: /Name/ });
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toContainText("Welcome Bot");

  // A name opens the card.
  await search.fill("polonius");
  await table.getByRole("button", { name: "Polonius" }).click();
  const card = page.getByRole("dialog", { name: "Polonius" });
  await expect(card).toBeVisible();
  await expect(card.getByText("polonius@parley.test")).toBeVisible();
  await expect(card.getByText("Guest", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(card).toBeHidden();

  // No serious accessibility problem on the page, in either theme.
  await search.fill("");
  await expectAccessible(page, ".user-directory", { switchBy: "attribute" });

  // At 360 px the page does not scroll sideways: the table scrolls in its own box.
  await page.setViewportSize({ width: 360, height: 720 });
  await expect(main.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(search).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(360);
  const box = main.getByRole("region", { name: "Users table" });
  const overflow = await box.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(overflow).toBe(true);
  await table.getByRole("button", { name: "Iago" }).click();
  await expect(page.getByRole("dialog", { name: "Iago" })).toBeVisible();
});
