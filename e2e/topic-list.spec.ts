import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// A stream's topic list: newest first, unread counts, last activity, links to the topics, a
// filter, and live reordering when a topic gets a new message. Also the sidebar's topics under
// the current stream and its "More topics" link.

const run = Date.now().toString(36);

/** The table's rows as [topic, unread count] pairs, top to bottom. */
async function rows(page: Page): Promise<[string, string][]> {
  const body = page.getByRole("table").locator("tbody tr");
  const names = await body.getByRole("rowheader").allTextContents();
  const counts = await body
    .locator("td.topic-cell-unread")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-unread") ?? ""));
  return names.map((name, index) => [name, counts[index] ?? ""]);
}

test("the topic list: newest first, counts, activity, links, filter and live order", async ({
  browser,
  baseURL,
}) => {
  const stream = `topics-${run}`;
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const streamId = await iago.createStream(stream, ["iago@parley.test", "hamlet@parley.test"]);
  await iago.sendNumbered(stream, "alpha", 2);
  await iago.sendNumbered(stream, "beta", 1);
  await iago.sendNumbered(stream, "gamma", 3);
  await iago.sendNumbered(stream, "alpha", 1);

  const page = await logInFresh(browser, "hamlet@parley.test");
  // The topic list by its URL; reading the stream itself would mark its messages read.
  await goTo(page, `#topics/stream/${streamId}-${stream}`);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: `Topics in #${stream}`,
      exact: true,
    }),
  ).toBeVisible();
  await expect
    .poll(() => rows(page))
    .toEqual([
      ["alpha", "3"],
      ["gamma", "3"],
      ["beta", "1"],
    ]);
  const alphaRow = page.getByRole("row", { name: /alpha/ });
  await expect(alphaRow.locator("time")).toHaveText(/just now|minute/);
  await expect(alphaRow.getByRole("link", { name: "alpha" })).toHaveAttribute(
    "href",
    `#narrow/stream/${streamId}-${stream}/topic/alpha`,
  );

  // Every column is headed in words a reader sees, and the mark-as-read button fits its cell.
  const headers = page.getByRole("table").getByRole("columnheader");
  await expect(headers).toHaveText(["Topic", "Last activity", "Unread"]);
  for (const header of await headers.all()) {
    expect((await header.boundingBox())?.width ?? 0).toBeGreaterThan(0);
    await expect(header).not.toHaveCSS("position", "absolute");
  }
  const markRead = alphaRow.getByRole("button", { name: "Mark “alpha” as read" });
  const cellBox = await alphaRow.locator("td.topic-cell-unread").boundingBox();
  const buttonBox = await markRead.boundingBox();
  expect(cellBox).not.toBeNull();
  expect(buttonBox).not.toBeNull();
  if (cellBox !== null && buttonBox !== null) {
    expect(buttonBox.x).toBeGreaterThanOrEqual(cellBox.x);
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width);
  }

  // The sidebar shows the same topics under the stream; all of them, so no "More topics".
  const sidebarTopics = page.getByRole("list", { name: `Topics in ${stream}` });
  await expect(sidebarTopics.getByRole("link")).toHaveText(["alpha3", "gamma3", "beta1"]);

  await page.getByRole("searchbox", { name: "Filter topics" }).fill("AMM");
  await expect.poll(() => rows(page)).toEqual([["gamma", "3"]]);
  await expect(page.getByText("1 of 3 topics")).toBeVisible();
  await page.getByRole("searchbox", { name: "Filter topics" }).fill("");

  await iago.sendNumbered(stream, "beta", 1);
  await expect
    .poll(() => rows(page))
    .toEqual([
      ["beta", "2"],
      ["alpha", "3"],
      ["gamma", "3"],
    ]);

  await page.getByRole("table").getByRole("link", { name: "gamma" }).click();
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: `#${stream} > gamma`,
      exact: true,
    }),
  ).toBeVisible();
  await expect(sidebarTopics.getByRole("link", { name: "gamma" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
