import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { logIn } from "./support/reader";

// Desktop notifications by Zulip's rules and the user's settings, in Chromium: the page's
// Notification is a recorder (headless Chromium shows none) and the tab reads as hidden, as
// when the user is elsewhere. Prospero has notifications on in Parley; Iago writes to him. A
// plain stream message stays quiet, a followed topic's message notifies, a stream whose own
// setting turns notifications on notifies for each message, and turning off
// enable_desktop_notifications quiets direct messages. Each message carries this run's marker,
// so notifications from other specs' messages to Prospero do not count.

const READER = "prospero@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

const RECORDING_NOTIFICATION = `
  window.__notifications = [];
  class RecordingNotification {
    static permission = "granted";
    static requestPermission() { return Promise.resolve("granted"); }
    constructor(title, options) { window.__notifications.push({ title, body: options?.body ?? "" }); }
    close() {}
  }
  window.Notification = RecordingNotification;
  Object.defineProperty(Document.prototype, "hidden", { get: () => true });
  Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" });
  localStorage.setItem("parley:desktop-notifications", "on");
`;

interface Shown {
  title: string;
  body: string;
}

async function shown(page: Page): Promise<Shown[]> {
  const all = await page.evaluate<Shown[]>("window.__notifications"); // our recorder's
  return all.filter((note) => note.body.includes(run));
}

test("notifies followed topics, streams with notifications on and direct messages, as set", async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const sender = await apiUser(origin, SENDER);
  const reader = await apiUser(origin, READER);
  const stream = `notify-${run}`;
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  const readerId = (await sender.userIds()).get(READER);
  await reader.call("POST", "user_topics", {
    stream_id: String(streamId),
    topic: "followed",
    visibility_policy: "3",
  });

  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: RECORDING_NOTIFICATION });
    const page = await context.newPage();
    await logIn(page, origin, READER);
    await expect(page.locator('[data-testid="connection-status"]')).toHaveAttribute(
      "data-state",
      "live",
    );

    await sender.sendStream(stream, "plain", `plain one ${run}`);
    await sender.sendStream(stream, "followed", `followed one ${run}`);
    await expect
      .poll(() => shown(page))
      .toContainEqual({
        title: `Iago in #${stream} > followed`,
        body: `followed one ${run}`,
      });
    // Events arrive in order: the plain message was handled before the followed one, silently.
    expect((await shown(page)).map((note) => note.body)).toEqual([`followed one ${run}`]);

    // The stream's own setting turns on every message of it. Its event comes before the next
    // message's in the queue, so the app knows it by then.
    await reader.call("POST", "users/me/subscriptions/properties", {
      subscription_data: JSON.stringify([
        { stream_id: streamId, property: "desktop_notifications", value: true },
      ]),
    });
    await sender.sendStream(stream, "plain", `plain again ${run}`);
    await expect
      .poll(() => shown(page))
      .toContainEqual({
        title: `Iago in #${stream} > plain`,
        body: `plain again ${run}`,
      });

    // Direct messages notify, until enable_desktop_notifications is turned off.
    const dm = (content: string) =>
      sender.call("POST", "messages", {
        type: "direct",
        to: JSON.stringify([readerId]),
        content,
      });
    await dm(`direct one ${run}`);
    await expect
      .poll(() => shown(page))
      .toContainEqual({
        title: "Iago",
        body: `direct one ${run}`,
      });
    await reader.call("PATCH", "settings", { enable_desktop_notifications: "false" });
    await dm(`direct quiet ${run}`);
    await sender.sendStream(stream, "plain", `marker ${run}`);
    await expect
      .poll(async () => (await shown(page)).map((note) => note.body))
      .toContain(`marker ${run}`);
    expect((await shown(page)).map((note) => note.body)).toEqual([
      `followed one ${run}`,
      `plain again ${run}`,
      `direct one ${run}`,
      `marker ${run}`,
    ]);
  } finally {
    await context.close();
    await reader.call("PATCH", "settings", { enable_desktop_notifications: "true" });
  }
});
