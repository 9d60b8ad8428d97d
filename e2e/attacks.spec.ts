import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DOMPURIFY_CORPUS, dompurifyCases, flagVariant } from "../src/test/attacks/corpus";
import { needsCorpora } from "./support/corpora";

// The attack corpus sent through the API and viewed in the message list in Chromium: no dialog
// opens, no script runs (`window.__pwned`), no request leaves the app's origin. The edit-history
// view, topic list and compose preview do not exist yet; they join this spec when they do.

const SENDER = "iago@parley.test";
const VIEWER = "hamlet@parley.test";
const STREAM = "general";
/** The message list shows the newest 100 of a narrow: keep each topic below that. */
const PER_TOPIC = 90;
const MAX_CONTENT = 9_000;

/** Markdown inputs of security notes §7 (1–4, 9, 13, 16, 23). */
const NOTES_INPUTS = [
  "<img src=x onerror=alert(1)>",
  "[x](javascript:alert(1)) [x](JaVaScRiPt:alert(1)) [x](java&#x09;script:alert(1)) [x]( javascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD4=) [y](vbscript:msgbox(1))",
  '<https://ok.example/" onmouseover="alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  ':"><img src=x onerror=alert(1)>: :zulip: :nope:',
  '@**"><img src=x>|99999** #**s>t"><b>**',
  'foo https://a.example/"><script>alert(1)</script>',
];

function payloads(): string[] {
  const all = [...dompurifyCases().map((item) => item.payload), ...NOTES_INPUTS];
  const withFlags = all.flatMap((payload) => {
    const flagged = flagVariant(payload);
    return flagged === payload ? [payload] : [payload, flagged];
  });
  // The server refuses NUL and content over 10,000 bytes: those never reach a page.
  return withFlags.filter(
    (payload) =>
      !payload.includes("\u0000") &&
      payload.trim() !== "" &&
      Buffer.byteLength(payload) <= MAX_CONTENT,
  );
}

/** Topics: the short payloads that are valid topics (≤ 60 characters, no control characters). */
function topicPayloads(all: readonly string[]): string[] {
  return all.filter(
    (payload) =>
      Array.from(payload.trim()).length <= 60 &&
      // eslint-disable-next-line no-control-regex -- control characters are what is excluded
      !/[\u0000-\u001f\u007f]/.test(payload),
  );
}

interface Api {
  post(path: string, form: Record<string, string>): Promise<Record<string, unknown>>;
  patch(path: string, form: Record<string, string>): Promise<Record<string, unknown>>;
}

async function apiFor(request: APIRequestContext, email: string): Promise<Api> {
  const response = await request.post("/api/v1/dev_fetch_api_key", { form: { username: email } });
  const body: unknown = await response.json();
  const key =
    typeof body === "object" && body !== null && "api_key" in body ? body.api_key : undefined;
  if (typeof key !== "string") throw new Error(`no dev API key for ${email}`);
  const headers = { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` };
  const call = async (method: "POST" | "PATCH", path: string, form: Record<string, string>) => {
    const result = await request.fetch(`/api/v1/${path}`, { method, form, headers });
    const json: unknown = await result.json();
    expect(result.status(), `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
    // The server's JSON object (checked to be one just above by the status).
    return json as Record<string, unknown>;
  };
  return {
    post: (path, form) => call("POST", path, form),
    patch: (path, form) => call("PATCH", path, form),
  };
}

async function send(api: Api, topic: string, content: string): Promise<number> {
  const body = await api.post("messages", { type: "stream", to: STREAM, topic, content });
  if (typeof body["id"] !== "number") throw new Error("no message id");
  return body["id"];
}

/** Logs in as `email` and records dialogs and requests to other origins on the page. */
async function watchedPage(
  page: Page,
  email: string,
  origin: string,
  events: string[],
): Promise<void> {
  page.on("dialog", (dialog) => {
    events.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) events.push(`request to ${request.url()}`);
  });
  page.on("popup", (popup) => events.push(`popup ${popup.url()}`));
  await page.goto("/");
  await page.getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

async function showNarrow(page: Page, hash: string, count: number): Promise<void> {
  await page.evaluate((value) => {
    window.location.hash = value;
  }, hash);
  await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(
    count,
  );
}

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate((): unknown => Reflect.get(window, "__pwned"));
}

needsCorpora([DOMPURIFY_CORPUS]);

test("attack messages, topics and edits show in the message list without running", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = await apiFor(request, SENDER);
  const all = payloads();
  const run = Date.now().toString(36);
  const topics: string[] = [];
  for (let start = 0; start < all.length; start += PER_TOPIC) {
    const topic = `attacks-${run}-${topics.length + 1}`;
    topics.push(topic);
    for (const payload of all.slice(start, start + PER_TOPIC)) await send(api, topic, payload);
  }
  // Edits: a harmless message edited into each of the first payloads.
  const editTopic = `attacks-${run}-edits`;
  const edited = all.slice(0, PER_TOPIC);
  for (const payload of edited) {
    const id = await send(api, editTopic, "harmless");
    await api.patch(`messages/${id}`, { content: payload });
  }
  // Hostile topics: each short payload is also a topic (and is moved to, by a topic edit).
  const hostileTopics = topicPayloads(all).slice(0, 40);
  for (const topic of hostileTopics) {
    const id = await send(api, topic, "hostile topic");
    await api.patch(`messages/${id}`, { topic: `${topic.trim().slice(0, 50)} moved` });
  }

  const events: string[] = [];
  await watchedPage(page, VIEWER, new URL(baseURL ?? "http://127.0.0.1").origin, events);
  const streamLink = page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name: STREAM, exact: true });
  const streamHash = new URL((await streamLink.getAttribute("href")) ?? "", page.url()).hash;

  for (const [index, topic] of topics.entries()) {
    const count = Math.min(PER_TOPIC, all.length - index * PER_TOPIC);
    await showNarrow(page, `${streamHash}/topic/${topic}`, count);
  }
  await showNarrow(page, `${streamHash}/topic/${editTopic}`, edited.length);
  // The stream view: the newest 100 messages, the hostile topics among them.
  await page.evaluate((value) => {
    window.location.hash = value;
  }, streamHash);
  await expect(
    page.getByRole("list", { name: "Messages" }).getByRole("article").first(),
  ).toBeVisible();
  // Give late image loads and handlers a moment before concluding.
  await page.waitForTimeout(1_000);

  expect(events).toEqual([]);
  expect(await pwned(page)).toBeUndefined();
});
