import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Mark as read in bulk from the sidebar menus: a topic, a stream, then everything (after a
// confirmation). The counts drop in the sidebar and the server agrees. The reader is Viola,
// whom no other spec reads as, so marking all her messages read disturbs no one.

const READER = "viola@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

function streamsNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Streams" });
}

function count(link: Locator): Locator {
  return link.locator(".unread-count");
}

async function chooseFromMenu(page: Page, row: Locator, menu: string, item: string) {
  await row.hover();
  await page.getByRole("button", { name: menu, exact: true }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

test("mark a topic, a stream, then everything read from the sidebar menus", async ({
  browser,
  baseURL,
}) => {
  const stream = `bulk-${run}`;
  const other = `bulk-other-${run}`;
  const [lunch, standup] = [`lunch ${run}`, `standup ${run}`];
  const sender = await apiUser(baseURL ?? "", SENDER);
  const reader = await apiUser(baseURL ?? "", READER);
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  const otherId = await sender.createStream(other, [SENDER, READER]);
  await sender.sendNumbered(stream, lunch, 3);
  await sender.sendNumbered(stream, standup, 2);
  await sender.sendNumbered(other, "elsewhere", 2);
  expect(await reader.unreadByTopic(streamId)).toEqual({
    [lunch]: 3,
    [standup]: 2,
  });

  const page = await logInFresh(browser, READER);
  const streamLink = streamsNav(page).locator(`a.stream-link[data-stream-id="${streamId}"]`);
  await expect(count(streamLink)).toHaveText("5");
  // The stream's topic list (not its messages, which would be read by looking at them).
  await goTo(page, `#topics/stream/${streamId}-${stream}`);
  const lunchLink = streamsNav(page).getByRole("link", {
    name: lunch,
    exact: true,
  });
  const standupLink = streamsNav(page).getByRole("link", {
    name: standup,
    exact: true,
  });
  await expect(count(lunchLink)).toHaveText("3");
  await expect(count(standupLink)).toHaveText("2");

  await chooseFromMenu(page, lunchLink, `Topic options for ${lunch}`, "Mark topic as read");
  await expect(count(lunchLink)).toHaveCount(0);
  await expect(count(streamLink)).toHaveText("2");
  await expect.poll(() => reader.unreadByTopic(streamId)).toEqual({ [standup]: 2 });

  await chooseFromMenu(page, streamLink, `Stream options for ${stream}`, "Mark all as read");
  await expect(count(streamLink)).toHaveCount(0);
  await expect(count(standupLink)).toHaveCount(0);
  await expect.poll(() => reader.unreadByTopic(streamId)).toEqual({});
  const otherLink = streamsNav(page).locator(`a.stream-link[data-stream-id="${otherId}"]`);
  await expect(count(otherLink)).toHaveText("2");

  const views = page.getByRole("navigation", { name: "Views" });
  const allMessages = views.getByRole("link", { name: "All messages" });
  await expect(count(allMessages)).toBeVisible();
  await views.getByRole("button", { name: "Views options" }).click();
  await page.getByRole("menuitem", { name: "Mark all messages as read" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Mark all messages as read?",
  });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(count(otherLink)).toHaveText("2");

  await views.getByRole("button", { name: "Views options" }).click();
  await page.getByRole("menuitem", { name: "Mark all messages as read" }).click();
  await dialog.getByRole("button", { name: "Mark all as read" }).click();
  await expect(count(allMessages)).toHaveCount(0);
  await expect(count(otherLink)).toHaveCount(0);
  await expect(page.locator("a.stream-link .unread-count")).toHaveCount(0);
  await expect.poll(() => reader.hasUnread()).toBe(false);
});
