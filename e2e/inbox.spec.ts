import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { expectConnectionState, logIn, sidebarUnreads } from "./support/reader";

function views(page: Page) {
  return page.getByRole("navigation", { name: "Views" });
}

// The Inbox: the home after login, live from events, read by opening, driven by the keyboard.

const READER = "desdemona@parley.test";
const SENDER = "iago@parley.test";

test("the Inbox is home: a new message shows live, and reading its topic takes it out", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", SENDER);
  const stream = `inbox ${Date.now().toString(36)}`;
  const streamId = await iago.createStream(stream, [SENDER, READER]);

  await logIn(page, "", READER);
  // Messages are read only in a focused window.
  await page.bringToFront();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(views(page).getByRole("link", { name: "Inbox" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectConnectionState(page, "live");

  // Sent by someone else after the page loaded: the event brings it, no reload.
  await iago.sendStream(stream, "live topic", "Hello, Inbox");
  await iago.sendStream(stream, "live topic", "Twice");
  const inbox = page.getByRole("list", { name: "Unread conversations" });
  const header = inbox.getByRole("button", { name: new RegExp(`^#${stream}`) });
  const topic = inbox.getByRole("link", { name: /^live topic/ });
  await expect(header).toBeVisible();
  await expect(topic).toBeVisible();
  await expect(topic.getByLabel("2 unread")).toBeVisible();

  // Reading the topic takes it (and its stream) out of the Inbox.
  await topic.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${stream} > live topic`);
  await expect(page.getByRole("list", { name: "Messages" }).getByText("Twice")).toBeVisible();
  await expect.poll(async () => (await sidebarUnreads(page)).unread[streamId] ?? 0).toBe(0);
  await views(page).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^#${stream}`) })).toBeHidden();
});

test("the keys move through the Inbox, fold a stream, and Enter opens a topic", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", SENDER);
  const stream = `keys ${Date.now().toString(36)}`;
  await iago.createStream(stream, [SENDER, READER]);
  await iago.sendStream(stream, "older topic", "First");
  await iago.sendStream(stream, "newer topic", "Second");

  await logIn(page, "", READER);
  await goTo(page, "#inbox");
  const filter = page.getByRole("searchbox", { name: "Filter conversations" });
  await filter.fill(stream);
  const inbox = page.getByRole("list", { name: "Unread conversations" });
  // The stream's topics, newest first.
  await expect(inbox.getByRole("listitem")).toHaveCount(3);
  await expect(inbox.getByRole("listitem").nth(1)).toContainText("newer topic");

  await filter.press("ArrowDown");
  const header = inbox.getByRole("button", { name: new RegExp(`^#${stream}`) });
  await expect(header).toBeFocused();
  // Left folds the stream (remembered), Right unfolds it.
  await page.keyboard.press("ArrowLeft");
  await expect(header).toHaveAttribute("aria-expanded", "false");
  await expect(inbox.getByRole("listitem")).toHaveCount(1);
  await page.reload();
  await page.getByRole("searchbox", { name: "Filter conversations" }).fill(stream);
  await expect(inbox.getByRole("button", { name: new RegExp(`^#${stream}`) })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await page.getByRole("searchbox", { name: "Filter conversations" }).press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await expect(inbox.getByRole("listitem")).toHaveCount(3);

  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(inbox.getByRole("link", { name: /^older topic/ })).toBeFocused();
  await page.keyboard.press("k");
  await expect(inbox.getByRole("link", { name: /^newer topic/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${stream} > newer topic`);
});

test("mark as read on a row takes it out at once", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", SENDER);
  const stream = `mark ${Date.now().toString(36)}`;
  const streamId = await iago.createStream(stream, [SENDER, READER]);
  await iago.sendStream(stream, "to mark", "Mark me");

  await logIn(page, "", READER);
  const inbox = page.getByRole("list", { name: "Unread conversations" });
  await inbox.getByRole("button", { name: "Mark to mark as read" }).click();
  await expect(inbox.getByRole("link", { name: /^to mark/ })).toBeHidden();
  const reader = await apiUser(baseURL ?? "", READER);
  await expect.poll(async () => (await reader.unreadByStream())[streamId] ?? 0).toBe(0);
});
