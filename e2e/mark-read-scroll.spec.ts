import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { logInFresh, openStream, sidebarUnreads } from "./support/reader";

// Mark as read by scrolling: messages count as read once seen in the focused window, in
// batches; what was never on screen stays unread, on the server as in the sidebar.

const READER = "cordelia@parley.test";
const SENDER = "iago@parley.test";
const MESSAGES = 30;

/** The number in the stream's sidebar entry (0 when it shows none). */
async function sidebarCount(page: Page, streamId: number): Promise<number> {
  return (await sidebarUnreads(page)).unread[streamId] ?? 0;
}

test("scrolling through a topic marks what was seen as read, and only that", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const server = baseURL ?? "";
  const sender = await apiUser(server, SENDER);
  const reader = await apiUser(server, READER);
  const stream = `read ${Date.now().toString(36)}`;
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  for (let index = 1; index <= MESSAGES; index++) {
    // Tall messages, so that only a few fit on the screen at once.
    await sender.sendStream(
      stream,
      "reading",
      `Message ${index} of ${MESSAGES}\n\nA second paragraph.\n\nAnd a third one.`,
    );
  }
  expect((await reader.unreadByStream())[streamId]).toBe(MESSAGES);

  const page = await logInFresh(browser, READER);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openStream(page, stream);
  // The list opens at the first unread message: the first few are seen and marked read.
  await expect(page.getByText(`Message 1 of ${MESSAGES}`, { exact: true })).toBeVisible();
  await expect.poll(() => sidebarCount(page, streamId)).toBeLessThan(MESSAGES);
  await expect
    .poll(async () => (await reader.unreadByStream())[streamId] ?? 0)
    .toBe(await sidebarCount(page, streamId));
  // Messages below the screen were never seen: they stay unread, here and on the server.
  const afterOpening = (await reader.unreadByStream())[streamId] ?? 0;
  expect(afterOpening).toBeGreaterThan(MESSAGES / 2);
  expect(await sidebarCount(page, streamId)).toBe(afterOpening);

  // Scroll through to the end, a screen at a time, as a reader would.
  const scroller = page.locator(".message-list-scroll");
  for (let step = 0; step < 40; step++) {
    const atEnd = await scroller.evaluate((element) => {
      element.scrollBy(0, element.clientHeight * 0.8);
      return element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
    });
    if (atEnd) break;
    await page.waitForTimeout(150);
  }
  await expect(page.getByText(`Message ${MESSAGES} of ${MESSAGES}`, { exact: true })).toBeVisible();
  await expect.poll(() => sidebarCount(page, streamId)).toBe(0);
  await expect(
    page.locator(`a.stream-link[data-stream-id="${streamId}"] .unread-count`),
  ).toHaveCount(0);
  await expect.poll(async () => (await reader.unreadByStream())[streamId] ?? 0).toBe(0);
});

test("a window without focus marks nothing read until it gets focus", async ({
  browser,
  baseURL,
}) => {
  const server = baseURL ?? "";
  const sender = await apiUser(server, SENDER);
  const reader = await apiUser(server, READER);
  const stream = `unfocused ${Date.now().toString(36)}`;
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  await sender.sendStream(stream, "quiet", "Nobody is looking");

  const page = await logInFresh(browser, READER);
  // As if the reader had switched to another window: the page has no focus.
  await page.addInitScript(() => {
    Document.prototype.hasFocus = () => false;
  });
  await page.reload();
  await openStream(page, stream);
  await expect(page.getByText("Nobody is looking")).toBeVisible();
  // A seen message is looked at within 150 ms of showing and leaves at once: give it well
  // over that (a few frames, then half a second) before checking that nothing left.
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let frames = 0;
        const next = () => {
          if (++frames < 5) requestAnimationFrame(next);
          else setTimeout(done, 500);
        };
        requestAnimationFrame(next);
      }),
  );
  expect(await sidebarCount(page, streamId)).toBe(1);
  expect((await reader.unreadByStream())[streamId]).toBe(1);

  // The reader comes back to the window: what is on screen is read now.
  await page.evaluate(() => {
    Document.prototype.hasFocus = () => true;
    window.dispatchEvent(new Event("focus"));
  });
  await expect.poll(() => sidebarCount(page, streamId)).toBe(0);
  await expect.poll(async () => (await reader.unreadByStream())[streamId] ?? 0).toBe(0);
});
