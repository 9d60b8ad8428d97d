import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Muting in the message lists (Zulip's `in:home`): a topic muted from its recipient header's
// menu leaves the combined feed and its stream's view at once, and comes back when unmuted; a
// muted stream's messages are not in the combined feed, but for a topic unmuted in it. The
// reader is Polonius; the messages are this spec's own, in its own streams.

const READER = "polonius@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

/** Undoes what a test changed on the server, whether it passed or not. */
const cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function message(page: Page, id: number): Locator {
  return page.locator(`ol[aria-label="Messages"] > li[data-message-id="${id}"]`);
}

async function chooseFromHeaderMenu(page: Page, topic: string, item: string): Promise<void> {
  const menu = page.getByRole("button", { name: `Mute or follow ${topic}`, exact: true }).first();
  await menu.click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

async function sendEach(
  send: (stream: string, topic: string, content: string) => Promise<number>,
  stream: string,
  topic: string,
  texts: readonly string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const text of texts) ids.push(await send(stream, topic, text));
  return ids;
}

test("muting a topic from its header hides it from the combined feed and its stream, at once", async ({
  browser,
  baseURL,
}) => {
  const stream = `hush-${run}`;
  const [lunch, standup] = [`lunch ${run}`, `standup ${run}`];
  const sender = await apiUser(baseURL ?? "", SENDER);
  const reader = await apiUser(baseURL ?? "", READER);
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  await reader.call("POST", "mark_all_as_read");
  const send = (to: string, topic: string, content: string) =>
    sender.sendStream(to, topic, content);
  cleanups.push(async () => {
    await reader.call("POST", "user_topics", {
      stream_id: String(streamId),
      topic: lunch,
      visibility_policy: "0",
    });
  });
  const lunchIds = await sendEach(send, stream, lunch, ["soup", "bread"]);
  const [standupId] = await sendEach(send, stream, standup, ["status"]);

  const page = await logInFresh(browser, READER);
  for (const hash of ["#all_messages", `#narrow/stream/${streamId}-${stream}`]) {
    await goTo(page, hash);
    for (const id of [...lunchIds, standupId ?? 0]) await expect(message(page, id)).toBeVisible();
  }

  // Mute from the stream view's header: gone from it at once, the other topic stays.
  await chooseFromHeaderMenu(page, lunch, "Mute topic");
  for (const id of lunchIds) await expect(message(page, id)).toHaveCount(0);
  await expect(message(page, standupId ?? 0)).toBeVisible();
  await goTo(page, "#all_messages");
  await expect(message(page, standupId ?? 0)).toBeVisible();
  for (const id of lunchIds) await expect(message(page, id)).toHaveCount(0);
  // The topic's own view still shows them, and its header offers to unmute.
  await goTo(page, `#narrow/stream/${streamId}-${stream}/topic/${lunch.replace(/ /g, ".20")}`);
  for (const id of lunchIds) await expect(message(page, id)).toBeVisible();
  await expect
    .poll(async () => {
      const body = await reader.call("POST", "register", { fetch_event_types: '["user_topic"]' });
      return (body["user_topics"] as { topic_name: string; visibility_policy: number }[])
        .filter((topic) => topic.topic_name === lunch || topic.topic_name === standup)
        .map((topic) => [topic.topic_name, topic.visibility_policy]);
    })
    .toEqual([[lunch, 1]]);

  // Unmute: back in the combined feed and the stream view at once.
  await chooseFromHeaderMenu(page, lunch, "Unmute topic");
  await goTo(page, "#all_messages");
  for (const id of lunchIds) await expect(message(page, id)).toBeVisible();
  await goTo(page, `#narrow/stream/${streamId}-${stream}`);
  for (const id of lunchIds) await expect(message(page, id)).toBeVisible();
});

test("a muted stream's messages are not in the combined feed, but for a topic unmuted in it", async ({
  browser,
  baseURL,
}) => {
  const quiet = `quiet-${run}`;
  const loud = `loud-${run}`;
  const sender = await apiUser(baseURL ?? "", SENDER);
  const reader = await apiUser(baseURL ?? "", READER);
  const quietId = await sender.createStream(quiet, [SENDER, READER]);
  await sender.createStream(loud, [SENDER, READER]);
  await reader.call("POST", "users/me/subscriptions/properties", {
    subscription_data: JSON.stringify([{ stream_id: quietId, property: "is_muted", value: true }]),
  });
  await reader.call("POST", "mark_all_as_read");
  const send = (to: string, topic: string, content: string) =>
    sender.sendStream(to, topic, content);
  const [hushed] = await sendEach(send, quiet, "chatter", ["hushed"]);
  const [kept] = await sendEach(send, quiet, "kept", ["kept"]);
  const [heard] = await sendEach(send, loud, "news", ["heard"]);

  // Leave Polonius's muting as it was: other specs read his topics' policies.
  cleanups.push(async () => {
    await reader.call("POST", "user_topics", {
      stream_id: String(quietId),
      topic: "kept",
      visibility_policy: "0",
    });
    await reader.call("POST", "users/me/subscriptions/properties", {
      subscription_data: JSON.stringify([
        { stream_id: quietId, property: "is_muted", value: false },
      ]),
    });
  });

  const page = await logInFresh(browser, READER);
  await goTo(page, "#all_messages");
  await expect(message(page, heard ?? 0)).toBeVisible();
  await expect(message(page, hushed ?? 0)).toHaveCount(0);
  await expect(message(page, kept ?? 0)).toHaveCount(0);

  // The muted stream's own view shows its messages; unmuting a topic there brings it to the feed.
  await goTo(page, `#narrow/stream/${quietId}-${quiet}`);
  await expect(message(page, hushed ?? 0)).toBeVisible();
  await expect(message(page, kept ?? 0)).toBeVisible();
  await chooseFromHeaderMenu(page, "kept", "Unmute topic");
  await goTo(page, "#all_messages");
  await expect(message(page, kept ?? 0)).toBeVisible();
  await expect(message(page, hushed ?? 0)).toHaveCount(0);
  await expect(message(page, heard ?? 0)).toBeVisible();
});
