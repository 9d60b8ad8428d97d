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

/** Pictures to look at (in the test's output folder), in the light and the dark theme. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`), fullPage: true });
  }
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

test("on a 390 px phone the table and the edit form fit the width", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const iago = await context.newPage();
    await iago.goto("/");
    await iago.getByRole("button", { name: /iago@parley\.test/ }).click();
    await expect(iago.getByRole("button", { name: "Open streams" })).toBeVisible();
    await goTo(iago, PAGE_HASH);
    const table = iago.getByRole("table");
    await table.getByRole("button", { name: "Edit linkifier zulip#(?P<id>[0-9]+)" }).click();
    await expect(iago.getByRole("form", { name: /^Edit linkifier zulip#/ })).toBeVisible();
    const content = iago.locator(".linkifier-page");
    const overflow = await content.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Every row's buttons are within the screen's width.
    const moveUp = table.getByRole("button", { name: /^Move up: RFC/ });
    await moveUp.scrollIntoViewIfNeeded();
    await expect(moveUp).toBeInViewport({ ratio: 1 });
    await iago.getByRole("form", { name: /^Edit linkifier zulip#/ }).scrollIntoViewIfNeeded();
    await shoot(iago, testInfo, "linkifiers-390");
  } finally {
    await context.close();
  }
});
