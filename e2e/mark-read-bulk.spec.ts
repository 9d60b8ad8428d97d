import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { logInFresh } from "./support/reader";

// Mark as read in bulk from the sidebar menus: a topic, a stream, then everything (after a
// confirmation). The counts drop in the sidebar and the server agrees. The reader is Viola,
// whom no other spec reads as, so marking all her messages read disturbs no one.

const READER = "viola@parley.test";
const SENDER = "iago@parley.test";
const run = Date.now().toString(36);

type Json = Record<string, unknown>;

async function apiAs(request: APIRequestContext, email: string) {
  const keyAnswer = await request.post("/api/v1/dev_fetch_api_key", { form: { username: email } });
  const { api_key: key } = (await keyAnswer.json()) as { api_key: string }; // the server's JSON
  const headers = { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` };
  const call = async (method: "GET" | "POST", path: string, params: Record<string, string>) => {
    const answer =
      method === "GET"
        ? await request.get(`/api/v1/${path}`, { headers, params })
        : await request.post(`/api/v1/${path}`, { headers, form: params });
    const body = (await answer.json()) as Json; // the server's JSON
    expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
  const unread = async (narrow: object[]): Promise<Json[]> => {
    const body = await call("GET", "messages", {
      anchor: "newest",
      num_before: "1000",
      num_after: "0",
      narrow: JSON.stringify([...narrow, { operator: "is", operand: "unread" }]),
    });
    return body["messages"] as Json[];
  };
  return {
    async createStream(name: string, subscribers: readonly string[]): Promise<number> {
      await call("POST", "users/me/subscriptions", {
        subscriptions: JSON.stringify([{ name }]),
        principals: JSON.stringify(subscribers),
      });
      const body = await call("GET", "users/me/subscriptions", {});
      const found = (body["subscriptions"] as { name: string; stream_id: number }[]).find(
        (sub) => sub.name === name,
      );
      if (found === undefined) throw new Error(`${name} was not created`);
      return found.stream_id;
    },
    async send(stream: string, topic: string, count: number): Promise<void> {
      for (let index = 0; index < count; index++) {
        await call("POST", "messages", { type: "stream", to: stream, topic, content: `m${index}` });
      }
    },
    /** Unread messages per topic of a stream, as the server counts them for this user. */
    async unreadByTopic(streamId: number): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const message of await unread([{ operator: "stream", operand: streamId }])) {
        const topic = String(message["subject"]);
        counts[topic] = (counts[topic] ?? 0) + 1;
      }
      return counts;
    },
    /** Whether this user has any unread message at all. */
    async hasUnread(): Promise<boolean> {
      return (await unread([])).length > 0;
    },
  };
}

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
  request,
}) => {
  const stream = `bulk-${run}`;
  const other = `bulk-other-${run}`;
  const [lunch, standup] = [`lunch ${run}`, `standup ${run}`];
  const sender = await apiAs(request, SENDER);
  const reader = await apiAs(request, READER);
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  const otherId = await sender.createStream(other, [SENDER, READER]);
  await sender.send(stream, lunch, 3);
  await sender.send(stream, standup, 2);
  await sender.send(other, "elsewhere", 2);
  expect(await reader.unreadByTopic(streamId)).toEqual({ [lunch]: 3, [standup]: 2 });

  const page = await logInFresh(browser, READER);
  const streamLink = streamsNav(page).locator(`a.stream-link[data-stream-id="${streamId}"]`);
  await expect(count(streamLink)).toHaveText("5");
  // The stream's topic list (not its messages, which would be read by looking at them).
  await page.evaluate(
    ([id, name]) => {
      window.location.hash = `#topics/stream/${id}-${name}`;
    },
    [String(streamId), stream],
  );
  const lunchLink = streamsNav(page).getByRole("link", { name: lunch, exact: true });
  const standupLink = streamsNav(page).getByRole("link", { name: standup, exact: true });
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
  const dialog = page.getByRole("dialog", { name: "Mark all messages as read?" });
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
