import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser, type ApiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Topic and stream actions from the sidebar menus: mute, unmute and follow a topic; mute,
// colour and pin a stream. Each shows at once in a second tab of the same user (the events),
// muted conversations leave the counts, and the server agrees. The reader is Polonius, whom no
// other spec reads as; he is left subscribed to this spec's streams only, so the total is this
// spec's alone.

const READER = "polonius@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

function streamsNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Streams" });
}

function count(link: Locator): Locator {
  return link.locator(".unread-count");
}

function streamLink(page: Page, streamId: number): Locator {
  return streamsNav(page).locator(`a.stream-link[data-stream-id="${streamId}"]`);
}

function topicLink(page: Page, topic: string): Locator {
  return streamsNav(page).getByRole("link", { name: topic, exact: true });
}

function allMessages(page: Page): Locator {
  return page.getByRole("navigation", { name: "Views" }).getByRole("link", {
    name: "All messages",
  });
}

async function chooseFromMenu(page: Page, row: Locator, menu: string, item: string) {
  await row.hover();
  await page.getByRole("button", { name: menu, exact: true }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

async function subscription(reader: ApiUser, streamId: number): Promise<Record<string, unknown>> {
  const body = await reader.call("GET", "users/me/subscriptions");
  const subs = body["subscriptions"] as Record<string, unknown>[]; // the server's answer
  const found = subs.find((sub) => sub["stream_id"] === streamId);
  if (found === undefined) throw new Error(`not subscribed to ${streamId}`);
  return found;
}

test("mute, unmute and follow a topic; mute, colour and pin a stream; in two tabs", async ({
  browser,
  baseURL,
}) => {
  const stream = `acts-${run}`;
  const other = `acts-other-${run}`;
  const [lunch, standup] = [`lunch ${run}`, `standup ${run}`];
  const sender = await apiUser(baseURL ?? "", SENDER);
  const reader = await apiUser(baseURL ?? "", READER);
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  const otherId = await sender.createStream(other, [SENDER, READER]);
  const others = [...(await reader.streamIds()).keys()].filter(
    (name) => name !== stream && name !== other,
  );
  if (others.length > 0) {
    await reader.call("DELETE", "users/me/subscriptions", {
      subscriptions: JSON.stringify(others),
    });
  }
  await sender.sendNumbered(stream, lunch, 3);
  await sender.sendNumbered(stream, standup, 2);
  await sender.sendNumbered(other, "elsewhere", 1);

  const page = await logInFresh(browser, READER);
  const second = await logInFresh(browser, READER);
  for (const tab of [page, second]) {
    // The stream's topic list (not its messages, which would be read by looking at them).
    await goTo(tab, `#topics/stream/${streamId}-${stream}`);
    await expect(count(streamLink(tab, streamId))).toHaveText("5");
    await expect(count(topicLink(tab, lunch))).toHaveText("3");
  }
  const totalBefore = Number(await count(allMessages(page)).textContent());

  // Mute a topic: dimmed, its count kept but left out of its stream's and the total.
  await chooseFromMenu(page, topicLink(page, lunch), `Topic options for ${lunch}`, "Mute topic");
  for (const tab of [page, second]) {
    await expect(count(streamLink(tab, streamId))).toHaveText("2");
    await expect(count(allMessages(tab))).toHaveText(String(totalBefore - 3));
    await expect(streamsNav(tab).locator(".sidebar-row.is-muted")).toContainText(lunch);
    await expect(count(topicLink(tab, lunch))).toHaveText("3");
  }
  await expect
    .poll(async () => {
      const body = await reader.call("POST", "register", { fetch_event_types: '["user_topic"]' });
      return (body["user_topics"] as { topic_name: string; visibility_policy: number }[]).map(
        (topic) => [topic.topic_name, topic.visibility_policy],
      );
    })
    .toEqual([[lunch, 1]]);

  await chooseFromMenu(page, topicLink(page, lunch), `Topic options for ${lunch}`, "Unmute topic");
  for (const tab of [page, second]) {
    await expect(count(streamLink(tab, streamId))).toHaveText("5");
    await expect(streamsNav(tab).locator(".sidebar-row.is-muted")).toHaveCount(0);
  }

  // Follow a topic: marked as followed, on both tabs.
  await chooseFromMenu(
    page,
    topicLink(page, standup),
    `Topic options for ${standup}`,
    "Follow topic",
  );
  for (const tab of [page, second]) {
    await expect(
      streamsNav(tab).locator('.topic-link:has(.topic-policy-mark[data-policy="followed"])'),
    ).toContainText(standup);
  }

  // Mute the stream: dimmed and last; only its followed topic still counts.
  await chooseFromMenu(
    page,
    streamLink(page, streamId),
    `Stream options for ${stream}`,
    "Mute stream",
  );
  for (const tab of [page, second]) {
    await expect(count(streamLink(tab, streamId))).toHaveText("2");
    await expect(count(allMessages(tab))).toHaveText(String(totalBefore - 3));
    await expect(streamsNav(tab).locator(".stream-link").last()).toHaveAttribute(
      "data-stream-id",
      String(streamId),
    );
    await expect(streamsNav(tab).locator(".sidebar-item.is-muted .stream-link")).toHaveAttribute(
      "data-stream-id",
      String(streamId),
    );
  }
  await expect.poll(async () => (await subscription(reader, streamId))["is_muted"]).toBe(true);

  // Change its colour from Zulip's palette.
  await chooseFromMenu(
    page,
    streamLink(page, streamId),
    `Stream options for ${stream}`,
    "Change colour",
  );
  const dialog = page.getByRole("dialog", { name: `Colour of #${stream}` });
  await dialog.getByRole("button", { name: "#e4523d" }).click();
  await expect(dialog).toBeHidden();
  for (const tab of [page, second]) {
    await expect(streamLink(tab, streamId).locator(".stream-dot")).toHaveCSS(
      "background-color",
      "rgb(228, 82, 61)",
    );
  }
  await expect.poll(async () => (await subscription(reader, streamId))["color"]).toBe("#e4523d");

  // Pin it to the top: it leaves the other streams for the pinned list.
  await chooseFromMenu(
    page,
    streamLink(page, streamId),
    `Stream options for ${stream}`,
    "Pin to top",
  );
  for (const tab of [page, second]) {
    const pinned = streamsNav(tab).getByRole("list", { name: "Pinned streams" });
    await expect(pinned.locator(".stream-link")).toHaveAttribute(
      "data-stream-id",
      String(streamId),
    );
    await expect(
      streamsNav(tab).getByRole("list", { name: "Other streams" }).locator(".stream-link"),
    ).toHaveAttribute("data-stream-id", String(otherId));
  }
  await expect.poll(async () => (await subscription(reader, streamId))["pin_to_top"]).toBe(true);
});
