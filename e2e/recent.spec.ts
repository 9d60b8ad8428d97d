import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { expectConnectionState, logIn } from "./support/reader";

function views(page: Page) {
  return page.getByRole("navigation", { name: "Views" });
}

// Recent conversations: every conversation by last activity, live, with its filters.

const READER = "desdemona@parley.test";
const SENDER = "iago@parley.test";

test("Recent conversations shows a new message live, and filters by unread", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", SENDER);
  const stream = `recent ${Date.now().toString(36)}`;
  await iago.createStream(stream, [SENDER, READER]);
  await iago.sendStream(stream, "already read", "Old news");
  const reader = await apiUser(baseURL ?? "", READER);
  await reader.call("POST", "mark_all_as_read");

  await logIn(page, "", READER);
  await views(page).getByRole("link", { name: "Recent conversations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recent conversations" })).toBeVisible();
  await expect(page).toHaveURL(/#recent$/);
  await expectConnectionState(page, "live");
  const table = page.getByRole("table", { name: /Recent conversations/ });
  const readRow = table.getByRole("row", { name: new RegExp(`${stream}.*already read`) });
  await expect(readRow).toBeVisible();

  await iago.sendStream(stream, "brand new", "Just now");
  const newRow = table.getByRole("row", { name: new RegExp(`${stream}.*brand new`) });
  await expect(newRow).toBeVisible();
  // Newest first.
  await expect(table.getByRole("row").nth(1)).toContainText("brand new");
  await expect(newRow.getByLabel("1 unread")).toBeVisible();
  await expect(newRow).toContainText("Iago");
  // The rows scroll inside the view: the page itself never grows past the window (the rows'
  // visually hidden labels once sat outside the scroller and made the whole document scroll).
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight),
  ).toBe(true);

  await page.getByRole("button", { name: "Unread", exact: true }).click();
  await expect(newRow).toBeVisible();
  await expect(readRow).toBeHidden();
  await page.getByRole("button", { name: "Unread", exact: true }).click();
  await expect(readRow).toBeVisible();

  // The stream filter, then the keys: ArrowDown from the box, Enter opens.
  await page.getByRole("combobox", { name: "Stream" }).selectOption({ label: `#${stream}` });
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Filter conversations" }).fill("read");
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Filter conversations" }).press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${stream} > already read`);
  await goTo(page, "#recent_topics");
  await expect(page.getByRole("heading", { level: 1, name: "Recent conversations" })).toBeVisible();
});
