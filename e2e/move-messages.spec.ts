import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser, type ApiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { expectAccessible } from "./support/axe";
import { logInFresh } from "./support/reader";

// Zulip's "Move messages": Rosalind moves a topic to another stream from the sidebar's topic
// menu, and with `m` on a selected message (the whole topic; then one message alone). Her view
// of the topic follows it, and so does Horatio's in another browser, live: the messages show
// under the new stream and topic. Iago posts. Each test makes its own streams, so no other
// spec's counts move.

const MOVER = "rosalind@parley.test";
const WATCHER = "horatio@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

const streamHash = (id: number, name: string) => `#narrow/stream/${String(id)}-${name}`;
const topicHash = (id: number, name: string, topic: string) =>
  `${streamHash(id, name)}/topic/${encodeURIComponent(topic)}`;

function messageList(page: Page): Locator {
  return page.getByRole("list", { name: "Messages" });
}

/** The message whose text is `text`: its time link names its conversation ("#s > t"). */
function timeLinkOf(page: Page, text: string): Locator {
  return messageList(page)
    .locator("li[data-message-id]")
    .filter({ has: page.getByText(text, { exact: true }) })
    .locator('a[aria-label*=", go to "]');
}

/** Expects the message `text` shown in `stream` > `topic`. */
async function expectIn(page: Page, text: string, stream: string, topic: string) {
  await expect(timeLinkOf(page, text)).toHaveAttribute(
    "aria-label",
    new RegExp(`go to #${stream} > ${topic}$`),
  );
}

/** Two new streams both users are in, with `count` numbered messages in `topic` of the first. */
async function twoStreams(sender: ApiUser, name: string, topic: string, count: number) {
  const from = `${name}-from-${run}`;
  const to = `${name}-to-${run}`;
  const fromId = await sender.createStream(from, [SENDER, MOVER, WATCHER]);
  const toId = await sender.createStream(to, [SENDER, MOVER, WATCHER]);
  await sender.sendNumbered(from, topic, count);
  return { from, fromId, to, toId };
}

/** Fills the open "Move messages" or "Move topic" dialog and presses Move. */
async function move(
  page: Page,
  title: string,
  choice: { stream?: string; topic?: string; which?: string },
) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  if (choice.stream !== undefined) {
    await dialog.getByRole("combobox", { name: "New stream" }).selectOption({
      label: `#${choice.stream}`,
    });
  }
  if (choice.topic !== undefined) {
    await dialog.getByRole("textbox", { name: "New topic" }).fill(choice.topic);
  }
  if (choice.which !== undefined) {
    await dialog.getByRole("radio", { name: choice.which, exact: true }).check();
  }
  await dialog.getByRole("button", { name: "Move", exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test("a topic moved to another stream from the sidebar's menu arrives there, live for others", async ({
  browser,
  baseURL,
}) => {
  const sender = await apiUser(baseURL ?? "", SENDER);
  const topic = `kiln ${run}`;
  const moved = `kiln schedule ${run}`;
  const { from, fromId, to, toId } = await twoStreams(sender, "sidebar", topic, 2);

  const watcher = await logInFresh(browser, WATCHER);
  await goTo(watcher, topicHash(fromId, from, topic));
  await expect(messageList(watcher).getByText("m1", { exact: true })).toBeVisible();

  const mover = await logInFresh(browser, MOVER);
  await goTo(mover, topicHash(fromId, from, topic));
  await expect(messageList(mover).getByText("m1", { exact: true })).toBeVisible();
  const row = mover
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name: topic, exact: true });
  await row.hover();
  await mover.getByRole("button", { name: `Topic options for ${topic}`, exact: true }).click();
  await mover.getByRole("menuitem", { name: "Move topic", exact: true }).click();
  await move(mover, "Move topic", { stream: to, topic: moved });

  // Her open view of the topic follows it to its new stream and name, and so does Horatio's.
  await expect(mover).toHaveURL(new RegExp(`stream/${String(toId)}-`));
  await expectIn(mover, "m0", to, moved);
  await expectIn(mover, "m1", to, moved);
  await expect(watcher).toHaveURL(new RegExp(`stream/${String(toId)}-`));
  await expectIn(watcher, "m0", to, moved);
  await expectIn(watcher, "m1", to, moved);
});

test("m on a topic's first message moves the whole topic by default; the view follows", async ({
  browser,
  baseURL,
}) => {
  const sender = await apiUser(baseURL ?? "", SENDER);
  const topic = `glaze ${run}`;
  const { from, fromId, to, toId } = await twoStreams(sender, "key", topic, 3);

  const watcher = await logInFresh(browser, WATCHER);
  await goTo(watcher, topicHash(fromId, from, topic));
  await expect(messageList(watcher).getByText("m1", { exact: true })).toBeVisible();

  const mover = await logInFresh(browser, MOVER);
  await goTo(mover, topicHash(fromId, from, topic));
  await messageList(mover).getByText("m0", { exact: true }).click();
  await expect(messageList(mover).locator('li[data-selected="true"]')).toContainText("m0");
  await mover.keyboard.press("m");
  await expect(
    mover.getByRole("radio", { name: "Move all messages in this topic", exact: true }),
  ).toBeChecked();
  await expectAccessible(mover, ".move-dialog");
  await move(mover, "Move messages", { stream: to });

  await expect(mover).toHaveURL(new RegExp(`stream/${String(toId)}-`));
  await expect(watcher).toHaveURL(new RegExp(`stream/${String(toId)}-`));
  for (const text of ["m0", "m1", "m2"]) {
    await expectIn(mover, text, to, topic);
    await expectIn(watcher, text, to, topic);
  }
});

test("“Move only this message” moves that message alone", async ({ browser, baseURL }) => {
  const sender = await apiUser(baseURL ?? "", SENDER);
  const topic = `clay ${run}`;
  const split = `clay aside ${run}`;
  const { from, fromId } = await twoStreams(sender, "one", topic, 3);

  const watcher = await logInFresh(browser, WATCHER);
  await goTo(watcher, streamHash(fromId, from));
  await expect(messageList(watcher).getByText("m2", { exact: true })).toBeVisible();

  const mover = await logInFresh(browser, MOVER);
  await goTo(mover, topicHash(fromId, from, topic));
  await messageList(mover).getByText("m1", { exact: true }).click();
  await expect(messageList(mover).locator('li[data-selected="true"]')).toContainText("m1");
  await mover.keyboard.press("m");
  await move(mover, "Move messages", { topic: split, which: "Move only this message" });

  // It leaves her view of the old topic; the others stay, and so does the view.
  await expect(messageList(mover).getByText("m1", { exact: true })).toHaveCount(0);
  await expect(messageList(mover).getByText("m0", { exact: true })).toBeVisible();
  await expect(messageList(mover).getByText("m2", { exact: true })).toBeVisible();
  await expect(mover).toHaveURL(/topic\/clay%20/);
  // Horatio's stream view shows m1 alone under the new topic, the others under the old.
  await expectIn(watcher, "m1", from, split);
  await expectIn(watcher, "m0", from, topic);
  await expectIn(watcher, "m2", from, topic);
});
