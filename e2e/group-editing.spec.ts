import { expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// User groups edited in the page: Hamlet creates one with a first member, renames it, adds and
// removes members and deactivates it; Othello, in another browser, sees each change without
// reloading. A refusal shows beside its field and keeps what was typed.

const PAGE_HASH = "#organization/user-groups";

function groupList(page: Page) {
  return page.getByRole("main").getByRole("list", { name: "User groups" });
}

/** Pictures to look at (in the test's output folder), in the light and the dark theme. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("create a group, rename it, change its members, deactivate it: another browser follows live", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000); // two browsers, live round trips and axe in two themes
  const run = Date.now().toString(36);
  const name = `crew-${run}`;
  const renamed = `Crew ${run}`;

  const othello = await logInFresh(browser, "othello@parley.test");
  await goTo(othello, PAGE_HASH);
  await expect(groupList(othello).getByRole("listitem", { name: "design" })).toBeVisible();

  const hamlet = await logInFresh(browser, "hamlet@parley.test");
  await goTo(hamlet, PAGE_HASH);
  await hamlet.getByRole("button", { name: "Create a group" }).click();
  const dialog = hamlet.getByRole("dialog", { name: "Create a group" });
  const nameBox = dialog.getByRole("textbox", { name: "Name" });
  await nameBox.fill("Engineering");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("User group 'Engineering' already exists.")).toBeVisible();
  await nameBox.fill(name);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Made in the page.");
  await dialog.getByRole("combobox", { name: "Members" }).fill("Othe");
  await dialog.getByRole("option", { name: /Othello/ }).click();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(hamlet.getByRole("status").filter({ hasText: `Created ${name}.` })).toBeVisible();

  // Othello sees the new group, with himself in it.
  const seen = groupList(othello).getByRole("listitem", { name, exact: true });
  await expect(seen).toContainText("Made in the page.");
  await expect(seen.getByRole("button", { name: /^Othello, / })).toBeVisible();
  await expect(seen).toContainText("2 members");

  // Hamlet, its creator and a member, edits it.
  const card = groupList(hamlet).getByRole("listitem", { name, exact: true });
  await card.getByRole("button", { name: `Edit group ${name}` }).click();
  // The one editor open (its name follows the group's).
  const editor = hamlet.getByRole("group", { name: /^Edit / });
  const editName = editor.getByRole("textbox", { name: "Name" });
  await expect(editName).toBeFocused();

  // A refusal beside the name, what was typed kept.
  await editName.fill("role:crew");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("User group name cannot start with 'role:'.")).toBeVisible();
  await expect(editName).toHaveValue("role:crew");

  await editName.fill(renamed);
  await editor.getByRole("textbox", { name: "Description" }).fill("Renamed in the page.");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const othelloSees = groupList(othello).getByRole("listitem", { name: renamed, exact: true });
  await expect(othelloSees).toContainText("Renamed in the page.");

  // Members: Cordelia in, Othello out; Othello's page follows.
  await editor.getByRole("combobox", { name: "Add members" }).fill("Cord");
  await editor.getByRole("option", { name: /Cordelia/ }).click();
  await editor.getByRole("button", { name: "Add", exact: true }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Added Cordelia." })).toBeVisible();
  await expect(othelloSees.getByRole("button", { name: /^Cordelia, / })).toBeVisible();
  await expect(othelloSees).toContainText("3 members");
  await shoot(hamlet, testInfo, "group-editor");
  await expectAccessible(hamlet, ".group-directory", { switchBy: "attribute" });
  await editor.getByRole("button", { name: `Remove Othello from ${renamed}` }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Removed Othello." })).toBeVisible();
  await expect(othelloSees.getByRole("button", { name: /^Othello, / })).toHaveCount(0);
  await expect(othelloSees).toContainText("2 members");

  // Deactivating, after confirming, takes it off both lists.
  await editor.getByRole("button", { name: "Deactivate group" }).click();
  const confirm = hamlet.getByRole("dialog", { name: `Deactivate ${renamed}?` });
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(groupList(hamlet).getByRole("listitem", { name: renamed })).toHaveCount(0);
  await expect(groupList(othello).getByRole("listitem", { name: renamed })).toHaveCount(0);
});

test("on a 390 px phone the create dialog and the editor fit the width", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: /iago@parley\.test/ }).click();
    await expect(page.getByRole("button", { name: "Open streams" })).toBeVisible();
    await goTo(page, PAGE_HASH);
    const content = page.locator(".group-directory");
    const overflow = () => content.evaluate((element) => element.scrollWidth - element.clientWidth);

    await page.getByRole("button", { name: "Create a group" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a group" });
    await dialog.getByRole("combobox", { name: "Members" }).fill("o");
    await shoot(page, testInfo, "group-create-390");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Edit group design" }).click();
    const editor = page.getByRole("group", { name: "Edit design" });
    await expect(editor).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await editor.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, "group-editor-390");
    await editor.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("button", { name: "Edit group design" })).toBeFocused();
  } finally {
    await context.close();
  }
});
