import { expect } from "@playwright/test";
import { test } from "./support/test";
import { logIn, logInFresh } from "./support/reader";

// The right panel lists users with presence; a user's card shows their email and presence and
// opens a direct conversation.

test("a user's card shows presence and email, and starts a direct message", async ({
  browser,
  page,
}) => {
  // Othello is here (his tab reports him active); Hamlet looks him up.
  const othello = await logInFresh(browser, "othello@parley.test");
  await logIn(page, "", "hamlet@parley.test");

  const panel = page.getByRole("complementary", { name: "Users and groups" });
  await expect(panel).toBeVisible();
  const othelloRow = panel.getByRole("button", { name: /^Othello/ });
  await expect(othelloRow).toHaveAccessibleName(/Othello, Active/);
  // Active users come first.
  await expect(
    panel.getByRole("list", { name: "Users" }).getByRole("button").first(),
  ).toHaveAccessibleName(/, Active$/);

  await othelloRow.click();
  const card = page.getByRole("dialog", { name: "Othello" });
  await expect(card).toBeVisible();
  await expect(card.getByText("othello@parley.test")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText("Member", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: "Send direct message" }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Othello");
  await expect(page).toHaveURL(/#narrow\/dm\/\d+-Othello$/);

  // The groups are listed and expand to show their members.
  const groups = panel.getByRole("list", { name: "User groups" });
  const design = groups.getByRole("button", { name: /^design/ });
  await expect(design).toHaveAttribute("aria-expanded", "false");
  await design.click();
  await expect(design).toHaveAttribute("aria-expanded", "true");
  await expect(panel.getByRole("list", { name: "Members of design" })).toContainText("Cordelia");

  await othello.close();
});
