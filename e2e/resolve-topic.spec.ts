import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Resolving a topic from the sidebar's topic menu: Rosalind marks it resolved, and Horatio's
// open view of the topic follows the rename live (the URL, the recipient header, the sidebar's
// topic list, the Notification Bot's notice); then she marks it unresolved and his view follows
// back. Neither is read as by another spec that cares about these streams.

const RESOLVER = "rosalind@parley.test";
const WATCHER = "horatio@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

function topicLinkIn(page: Page, topic: string): Locator {
  return page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name: topic, exact: true });
}

async function chooseFromMenu(page: Page, row: Locator, menu: string, item: string) {
  await row.hover();
  await page.getByRole("button", { name: menu, exact: true }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

test("one user resolves and unresolves a topic; another's open view follows", async ({
  browser,
  baseURL,
}) => {
  const stream = `resolve-${run}`;
  const topic = `printer ${run}`;
  const resolvedTopic = `✔ ${topic}`;
  const sender = await apiUser(baseURL ?? "", SENDER);
  const streamId = await sender.createStream(stream, [SENDER, RESOLVER, WATCHER]);
  await sender.sendNumbered(stream, topic, 2);

  const watcher = await logInFresh(browser, WATCHER);
  await goTo(watcher, `#narrow/stream/${streamId}-${stream}/topic/${encodeURIComponent(topic)}`);
  const header = watcher.locator(".recipient-header:not(.recipient-ghost) .recipient-topic");
  await expect(header.first()).toHaveText(topic);

  const resolver = await logInFresh(browser, RESOLVER);
  await goTo(resolver, `#topics/stream/${streamId}-${stream}`);
  await chooseFromMenu(
    resolver,
    topicLinkIn(resolver, topic),
    `Topic options for ${topic}`,
    "Mark as resolved",
  );
  await expect(topicLinkIn(resolver, resolvedTopic)).toBeVisible();

  // The watcher's view follows: same messages, under the resolved name, with the bot's notice.
  await expect(header.first()).toHaveText(resolvedTopic);
  await expect(watcher).toHaveURL(/topic\/.E2.9C.94/);
  await expect(watcher.getByText("has marked this topic as resolved.")).toBeVisible();
  await expect(watcher.getByText("m0", { exact: true })).toBeVisible();
  await expect(topicLinkIn(watcher, resolvedTopic)).toBeVisible();
  await expect(topicLinkIn(watcher, topic)).toHaveCount(0);

  await chooseFromMenu(
    resolver,
    topicLinkIn(resolver, resolvedTopic),
    `Topic options for ${resolvedTopic}`,
    "Mark as unresolved",
  );
  await expect(header.first()).toHaveText(topic);
  await expect(watcher.getByText("has marked this topic as unresolved.")).toBeVisible();
  await expect(topicLinkIn(watcher, topic)).toBeVisible();
  await expect(topicLinkIn(watcher, resolvedTopic)).toHaveCount(0);
});
