import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// Linkifiers administration: an administrator adds one in the page, another user sees matching
// text become links live (new messages, loaded messages, topic headers); deleting it stops
// that; a member sees the list read-only and the server refuses them.

const PAGE_HASH = "#organization/linkifier-settings";

/** At 360 px wide the page scrolls only vertically (long patterns and URLs wrap). */
async function expectFitsNarrowScreen(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const content = page.locator(".linkifier-page");
  await expect(content).toBeVisible();
  const overflow = await content.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (size !== null) await page.setViewportSize(size);
}

/** Removes every linkifier with this pattern (cleanup, also after a failure). */
async function removeLinkifiers(serverUrl: string, pattern: string): Promise<void> {
  const iago = await apiUser(serverUrl, "iago@parley.test");
  const { body } = await iago.answer("GET", "realm/linkifiers");
  const list = (body["linkifiers"] ?? []) as { id: number; pattern: string }[]; // test boundary
  for (const linkifier of list.filter((each) => each.pattern === pattern)) {
    await iago.answer("DELETE", `realm/filters/${linkifier.id}`);
  }
}

/** The body of a message in the list (its HTML, without the row's own links). */
function messageRow(page: Page, id: number): Locator {
  return page.locator(`ol[aria-label="Messages"] > li[data-message-id="${id}"] .message-body`);
}

function topicHeader(page: Page, topic: string): Locator {
  return page.locator("li.recipient-header:not(.recipient-ghost)", {
    has: page.getByRole("link", { name: topic, exact: true }),
  });
}

test("a linkifier added by an administrator links text live for others; deleting it stops that", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000); // two browsers, several live round trips and axe in two themes
  const serverUrl = baseURL ?? "";
  const run = Date.now().toString(36).toUpperCase();
  const prefix = `LK${run}`;
  const pattern = `${prefix}-(?P<id>[0-9]+)`;
  const base = `https://tracker.example/${run.toLowerCase()}`;
  const sender = await apiUser(serverUrl, "horatio@parley.test");

  try {
    // Hamlet reads #general, where a message mentioning an issue is already loaded.
    const earlierId = await sender.sendStream("general", `before ${run}`, `About ${prefix}-1`);
    const hamlet = await logInFresh(browser, "hamlet@parley.test");
    await openStreamAtNewest(hamlet, "general");
    await expect(messageRow(hamlet, earlierId)).toContainText(`${prefix}-1`);
    await expect(messageRow(hamlet, earlierId).locator("a")).toHaveCount(0);

    // Iago adds the linkifier, trying it first.
    const iago = await logInFresh(browser, "iago@parley.test");
    await goTo(iago, PAGE_HASH);
    await expect(iago.getByRole("heading", { level: 1, name: "Linkifiers" })).toBeVisible();
    const form = iago.getByRole("form", { name: "Add a linkifier" });
    await form.getByRole("textbox", { name: "Pattern" }).fill(pattern);
    const template = form.getByRole("textbox", { name: "URL template" });
    await template.fill(`${base}/{num}`);
    await expect(form.getByText("Group 'num' in URL template is not present")).toBeVisible();
    await template.fill(`${base}/{id}`);
    await form.getByRole("textbox", { name: "Sample text" }).fill(`Fixed ${prefix}-9 today`);
    await expect(form.getByRole("list", { name: "Links it would make" })).toContainText(
      `${prefix}-9`,
    );
    await expect(form.getByRole("list", { name: "Links it would make" })).toContainText(
      `${base}/9`,
    );
    await expectAccessible(iago, ".linkifier-page");
    await expectFitsNarrowScreen(iago);
    await form.getByRole("button", { name: "Add linkifier" }).click();
    await expect(form.getByRole("status")).toHaveText(`Added ${pattern}.`);
    const table = iago.getByRole("table");
    await expect(table.getByRole("row", { name: new RegExp(`${prefix}-`) })).toBeVisible();

    // Hamlet, without reloading: the loaded message is re-rendered with the link...
    await expect(messageRow(hamlet, earlierId).locator(`a[href="${base}/1"]`)).toHaveText(
      `${prefix}-1`,
    );
    // ...and a new message in a new topic links both its text and its topic.
    const topic = `ticket ${prefix}-42 ${run}`;
    const newId = await sender.sendStream("general", topic, `Fixed ${prefix}-43 now`);
    await expect(messageRow(hamlet, newId).locator(`a[href="${base}/43"]`)).toHaveText(
      `${prefix}-43`,
    );
    const header = topicHeader(hamlet, topic);
    const topicLink = header.getByRole("link", { name: `Open ${base}/42` });
    await expect(topicLink).toHaveAttribute("href", `${base}/42`);
    await expect(topicLink).toHaveAttribute("target", "_blank");
    await expect(topicLink).toHaveAttribute("rel", "noopener noreferrer");

    // Iago deletes it, after confirming.
    await table.getByRole("button", { name: `Delete linkifier ${pattern}` }).click();
    const dialog = iago.getByRole("dialog", { name: "Delete linkifier?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole("row", { name: new RegExp(`${prefix}-`) })).toHaveCount(0);

    // Hamlet: loaded headers and messages lose the links at once; new ones get none.
    await expect(header.getByRole("link", { name: `Open ${base}/42` })).toHaveCount(0);
    await expect(messageRow(hamlet, newId).locator(`a[href="${base}/43"]`)).toHaveCount(0);
    const laterTopic = `after ${prefix}-44 ${run}`;
    const laterId = await sender.sendStream("general", laterTopic, `Still ${prefix}-45 here`);
    await expect(messageRow(hamlet, laterId)).toContainText(`${prefix}-45`);
    await expect(messageRow(hamlet, laterId).locator("a")).toHaveCount(0);
    await expect(topicHeader(hamlet, laterTopic)).toBeVisible();
    await expect(topicHeader(hamlet, laterTopic).getByRole("link", { name: /^Open / })).toHaveCount(
      0,
    );
  } finally {
    await removeLinkifiers(serverUrl, pattern);
  }
});

test("a member sees the linkifiers read-only, and the server refuses them", async ({
  browser,
  baseURL,
}) => {
  const serverUrl = baseURL ?? "";
  const hamlet = await logInFresh(browser, "hamlet@parley.test");
  await goTo(hamlet, PAGE_HASH);
  await expect(hamlet.getByRole("heading", { level: 1, name: "Linkifiers" })).toBeVisible();
  await expect(hamlet.getByRole("table").getByText("zulip#(?P<id>[0-9]+)")).toBeVisible();
  await expect(
    hamlet.getByText("Only organization administrators can add, edit, reorder or delete"),
  ).toBeVisible();
  await expect(hamlet.getByRole("form", { name: "Add a linkifier" })).toHaveCount(0);
  await expect(hamlet.getByRole("button", { name: /^Delete linkifier/ })).toHaveCount(0);
  await expectAccessible(hamlet, ".linkifier-page");
  await expectFitsNarrowScreen(hamlet);

  const pattern = `MEMBER${Date.now().toString(36)}-(?P<id>[0-9]+)`;
  try {
    const hamletApi = await apiUser(serverUrl, "hamlet@parley.test");
    const refused = await hamletApi.answer("POST", "realm/filters", {
      pattern,
      url_template: "https://tracker.example/{id}",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: "error" });
    const { body } = await hamletApi.answer("GET", "realm/linkifiers");
    expect(JSON.stringify(body)).not.toContain(pattern.slice(0, 12));
  } finally {
    await removeLinkifiers(serverUrl, pattern);
  }
});
