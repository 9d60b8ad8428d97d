import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// Linkifiers edited in place and reordered by an administrator: another user's messages follow
// the new URL, and of two overlapping linkifiers the one moved up is the one that links.

const PAGE_HASH = "#organization/linkifier-settings";

/** Removes every linkifier whose pattern contains `marker` (cleanup, also after a failure). */
async function removeLinkifiers(serverUrl: string, marker: string): Promise<void> {
  const iago = await apiUser(serverUrl, "iago@parley.test");
  const { body } = await iago.answer("GET", "realm/linkifiers");
  const list = (body["linkifiers"] ?? []) as { id: number; pattern: string }[]; // test boundary
  for (const linkifier of list.filter((each) => each.pattern.includes(marker))) {
    await iago.answer("DELETE", `realm/filters/${linkifier.id}`);
  }
}

async function addLinkifier(serverUrl: string, pattern: string, urlTemplate: string) {
  const iago = await apiUser(serverUrl, "iago@parley.test");
  await iago.call("POST", "realm/filters", { pattern, url_template: urlTemplate });
}

function messageRow(page: Page, id: number): Locator {
  return page.locator(`ol[aria-label="Messages"] > li[data-message-id="${id}"] .message-body`);
}

/** Pictures to look at (in the test's output folder): light, dark, and 390 px wide. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: testInfo.outputPath(`${name}-light.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: testInfo.outputPath(`${name}-dark.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  if (size !== null) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: "light" });
}

test("an administrator edits a linkifier in place; another user's messages follow the new URL", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000); // two browsers and live round trips
  const serverUrl = baseURL ?? "";
  const run = Date.now().toString(36).toUpperCase();
  const marker = `ED${run}`;
  const pattern = `${marker}-(?P<id>[0-9]+)`;
  const sender = await apiUser(serverUrl, "horatio@parley.test");
  try {
    await addLinkifier(serverUrl, pattern, "https://old.example/{id}");
    const earlierId = await sender.sendStream("general", `edit ${run}`, `See ${marker}-1`);
    const hamlet = await logInFresh(browser, "hamlet@parley.test");
    await openStreamAtNewest(hamlet, "general");
    await expect(messageRow(hamlet, earlierId).locator("a")).toHaveAttribute(
      "href",
      "https://old.example/1",
    );

    const iago = await logInFresh(browser, "iago@parley.test");
    await goTo(iago, PAGE_HASH);
    const table = iago.getByRole("table");
    await table.getByRole("button", { name: `Edit linkifier ${pattern}` }).click();
    const form = iago.getByRole("form", { name: `Edit linkifier ${pattern}` });
    const template = form.getByRole("textbox", { name: "URL template" });
    await expect(form.getByRole("textbox", { name: "Pattern" })).toBeFocused();
    // The add form's checks, beside the field.
    await template.fill("https://new.example/t/{num}");
    await expect(form.getByText("Group 'num' in URL template is not present")).toBeVisible();
    await template.fill("https://new.example/t/{id}");
    await shoot(iago, testInfo, "linkifier-edit");
    await expectAccessible(iago, ".linkifier-page");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    await expect(table.getByText("https://new.example/t/{id}")).toBeVisible();
    await expect(table.getByRole("button", { name: `Edit linkifier ${pattern}` })).toBeFocused();

    // Hamlet, without reloading: the loaded message re-rendered, a new one with the new URL.
    await expect(messageRow(hamlet, earlierId).locator("a")).toHaveAttribute(
      "href",
      "https://new.example/t/1",
    );
    const newId = await sender.sendStream("general", `edit ${run}`, `Now ${marker}-2`);
    await expect(messageRow(hamlet, newId).locator("a")).toHaveAttribute(
      "href",
      "https://new.example/t/2",
    );
  } finally {
    await removeLinkifiers(serverUrl, marker);
  }
});

test("of two overlapping linkifiers, the one moved up (from the keyboard) links the text", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const serverUrl = baseURL ?? "";
  const run = Date.now().toString(36).toUpperCase();
  const marker = `OV${run}`;
  // Both match "OVxxx-7": the first links to letters.example, the second to digits.example.
  const first = `${marker}-(?P<id>[0-9]+)`;
  const second = `(?P<id>${marker}-[0-9]+)`;
  const sender = await apiUser(serverUrl, "horatio@parley.test");
  try {
    await addLinkifier(serverUrl, first, "https://letters.example/{id}");
    await addLinkifier(serverUrl, second, "https://digits.example/{id}");
    const hamlet = await logInFresh(browser, "hamlet@parley.test");
    await openStreamAtNewest(hamlet, "general");
    const beforeId = await sender.sendStream("general", `order ${run}`, `${marker}-7`);
    await expect(messageRow(hamlet, beforeId).locator("a")).toHaveAttribute(
      "href",
      "https://letters.example/7",
    );

    const iago = await logInFresh(browser, "iago@parley.test");
    await goTo(iago, PAGE_HASH);
    const table = iago.getByRole("table");
    const rows = table.getByRole("row").filter({ hasText: marker });
    await expect(rows).toHaveText([new RegExp(`^${marker}-`), /^\(\?P<id>/]);
    const moveUp = table.getByRole("button", { name: `Move up: ${second}` });
    await moveUp.focus();
    await iago.keyboard.press("Enter");
    await expect(rows).toHaveText([/^\(\?P<id>/, new RegExp(`^${marker}-`)]);
    // The keyboard stays with the moved linkifier.
    await expect(moveUp).toBeFocused();
    await shoot(iago, testInfo, "linkifier-order");

    const afterId = await sender.sendStream("general", `order ${run}`, `${marker}-8`);
    await expect(messageRow(hamlet, afterId).locator("a")).toHaveAttribute(
      "href",
      `https://digits.example/${marker}-8`,
    );
    // The message that was already loaded is re-rendered in the new order too.
    await expect(messageRow(hamlet, beforeId).locator("a")).toHaveAttribute(
      "href",
      `https://digits.example/${marker}-7`,
    );
  } finally {
    await removeLinkifiers(serverUrl, marker);
  }
});
