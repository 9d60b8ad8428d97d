import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { logInFresh } from "./support/reader";

// A stream's topic list: newest first, unread counts, last activity, links to the topics, a
// filter, and live reordering when a topic gets a new message. Also the sidebar's topics under
// the current stream and its "More topics" link.

const run = Date.now().toString(36);

async function apiAs(request: APIRequestContext, email: string) {
  const keyAnswer = await request.post("/api/v1/dev_fetch_api_key", { form: { username: email } });
  const { api_key: key } = (await keyAnswer.json()) as { api_key: string }; // the server's JSON
  const headers = { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` };
  const call = async (method: "GET" | "POST", path: string, params: Record<string, string>) => {
    const answer =
      method === "GET"
        ? await request.get(`/api/v1/${path}`, { headers, params })
        : await request.post(`/api/v1/${path}`, { headers, form: params });
    const body = (await answer.json()) as Record<string, unknown>; // the server's JSON
    expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
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
    async send(stream: string, topic: string, count = 1): Promise<void> {
      for (let index = 0; index < count; index++) {
        await call("POST", "messages", { type: "stream", to: stream, topic, content: `m${index}` });
      }
    },
  };
}

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
  request,
}) => {
  const stream = `topics-${run}`;
  const iago = await apiAs(request, "iago@parley.test");
  const streamId = await iago.createStream(stream, ["iago@parley.test", "hamlet@parley.test"]);
  await iago.send(stream, "alpha", 2);
  await iago.send(stream, "beta", 1);
  await iago.send(stream, "gamma", 3);
  await iago.send(stream, "alpha", 1);

  const page = await logInFresh(browser, "hamlet@parley.test");
  // The topic list by its URL; reading the stream itself would mark its messages read.
  await page.evaluate((id) => {
    window.location.hash = `#topics/stream/${id}`;
  }, `${streamId}-${stream}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Topics in #${stream}`, exact: true }),
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

  // The sidebar shows the same topics under the stream, with "More topics" leading here.
  const sidebarTopics = page.getByRole("list", { name: `Topics in ${stream}` });
  await expect(sidebarTopics.getByRole("link")).toHaveText([
    "alpha3",
    "gamma3",
    "beta1",
    "More topics",
  ]);
  await expect(sidebarTopics.getByRole("link", { name: "More topics" })).toHaveAttribute(
    "href",
    `#topics/stream/${streamId}-${stream}`,
  );

  await page.getByRole("searchbox", { name: "Filter topics" }).fill("AMM");
  await expect.poll(() => rows(page)).toEqual([["gamma", "3"]]);
  await expect(page.getByText("1 of 3 topics")).toBeVisible();
  await page.getByRole("searchbox", { name: "Filter topics" }).fill("");

  await iago.send(stream, "beta", 1);
  await expect
    .poll(() => rows(page))
    .toEqual([
      ["beta", "2"],
      ["alpha", "3"],
      ["gamma", "3"],
    ]);

  await page.getByRole("table").getByRole("link", { name: "gamma" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `#${stream} > gamma`, exact: true }),
  ).toBeVisible();
  await expect(sidebarTopics.getByRole("link", { name: "gamma" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
