import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser, type ApiUser } from "./support/api-user";
import { expectConnectionState, logIn, openStreamAtNewest } from "./support/reader";

// Zulip's further keys: Shift+M mutes and unmutes the selected message's topic, Shift+D and
// Shift+A step through the sidebar's streams, Shift+N goes to followed topics, `a`, Shift+I, `t`,
// `d` and Ctrl+[ open the views, `u` shows the sender's card, `-` collapses the message, `v`
// opens its image, Shift+H its edit history; `=`, `@`, Enter and ← act on messages;
// Home/Shift+G/PgDn/Shift+K move through the list; and the help dialog (`?`) lists them in
// Zulip's groups, its key column lined up, loaded only when it first opens. Horatio reads
// (Rosalind for Shift+N).

const READER = "horatio@parley.test";
const run = Date.now().toString(36);

/**
 * Iago posts `text` (and `more`) in a new topic of #general; Horatio opens #general and selects
 * the message by its text.
 */
async function selectFreshMessage(
  page: Page,
  iago: ApiUser,
  topic: string,
  text: string,
  more = "",
) {
  await iago.sendStream("general", topic, `${text}${more}`);
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  const messages = page.getByRole("list", { name: "Messages" });
  await messages.getByText(text).click();
  const selected = messages.locator('li[data-selected="true"]');
  await expect(selected).toContainText(text);
  return selected;
}

/** The reader's topic policies, as the server has them: [topic, policy] pairs. */
async function topicPolicies(reader: ApiUser): Promise<[string, number][]> {
  const body = await reader.call("POST", "register", { fetch_event_types: '["user_topic"]' });
  return (body["user_topics"] as { topic_name: string; visibility_policy: number }[]).map(
    (topic) => [topic.topic_name, topic.visibility_policy],
  );
}

test("Shift+M mutes the selected message's topic, and unmutes it", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const reader = await apiUser(baseURL ?? "", READER);
  const topic = `mute me ${run}`;
  await selectFreshMessage(page, iago, topic, `Mute this topic from the keyboard (${run})`);

  await page.keyboard.press("Shift+M");
  await expect.poll(() => topicPolicies(reader)).toContainEqual([topic, 1]);
  // The sidebar hears the server's event: the topic is dimmed there.
  const streams = page.getByRole("navigation", { name: "Streams" });
  await expect(streams.locator(".sidebar-row.is-muted")).toContainText(topic);

  await page.keyboard.press("Shift+M");
  await expect
    .poll(async () => (await topicPolicies(reader)).filter(([name]) => name === topic))
    .toEqual([]);
  await expect(streams.locator(".sidebar-row.is-muted", { hasText: topic })).toHaveCount(0);
});

test("Shift+D and Shift+A go to the next and previous stream of the sidebar", async ({ page }) => {
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  const names = await page
    .getByRole("navigation", { name: "Streams" })
    .locator("a.stream-link .stream-name")
    .allTextContents();
  const index = names.indexOf("general");
  expect(index).toBeGreaterThanOrEqual(0);
  expect(names.length).toBeGreaterThan(1);
  const next = names[(index + 1) % names.length];
  const heading = page.getByRole("heading", { level: 1 });

  await page.locator("body").press("Shift+D");
  await expect(heading).toHaveText(`#${next ?? ""}`);
  await page.keyboard.press("Shift+A");
  await expect(heading).toHaveText("#general");
});

test("a, Shift+I, t, d and Ctrl+[ open the views; u shows the sender; - collapses the message", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const text = `Collapse me and show my sender (${run})`;
  const selected = await selectFreshMessage(page, iago, `keys ${run}`, text);

  await page.keyboard.press("u");
  const card = page.getByRole("dialog", { name: /Iago/ });
  await expect(card).toBeVisible();
  await expect(card.getByText("iago@parley.test")).toBeVisible();
  // The card is a dialog: it takes its own keys, the shortcuts wait.
  await page.keyboard.press("a");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("#general");
  await page.keyboard.press("Escape");
  await expect(card).toBeHidden();

  await page.keyboard.press("-");
  await expect(selected.getByText("Message collapsed.")).toBeVisible();
  await expect(selected.getByText(text)).toBeHidden();
  await page.keyboard.press("-");
  await expect(selected.getByText(text)).toBeVisible();

  const heading = page.getByRole("heading", { level: 1 });
  await page.keyboard.press("a");
  await expect(heading).toHaveText("All messages");
  await page.keyboard.press("Shift+I");
  await expect(heading).toHaveText("Inbox");
  await page.keyboard.press("t");
  await expect(heading).toHaveText("Recent conversations");
  // `d` opens the drafts, and a second `d` goes back.
  await page.keyboard.press("d");
  await expect(heading).toHaveText("Drafts");
  await page.keyboard.press("d");
  await expect(heading).toHaveText("Recent conversations");
  // Ctrl+[ with nothing to close: the home view (the Inbox).
  await page.keyboard.press("Control+[");
  await expect(heading).toHaveText("Inbox");
});

test("the help dialog loads on ?, lists Zulip's groups and new keys, its columns lined up", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  const before = scripts.length;
  expect(before).toBeGreaterThan(0);

  await page.locator("body").press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  // Its code came only now, in a chunk of its own.
  expect(scripts.slice(0, before).some((url) => url.includes("shortcuts-help"))).toBe(false);
  expect(scripts.slice(before).some((url) => url.includes("shortcuts-help"))).toBe(true);

  for (const title of ["The basics", "Navigation", "Composing messages", "Message actions"]) {
    await expect(help.getByRole("table", { name: title })).toBeVisible();
  }
  const row = help.getByRole("row", { name: /Mute or unmute its topic/ });
  await expect(row.getByRole("cell").first()).toHaveText("Shift+M");

  // Every key cell starts at one x, every description at another, across all the groups.
  const lefts = (selector: string) =>
    help
      .locator(selector)
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
  const keyLefts = await lefts("tbody td.shortcut-keys");
  const descriptionLefts = await lefts("tbody td.shortcut-description");
  expect(keyLefts.length).toBeGreaterThan(30);
  expect(new Set(keyLefts).size).toBe(1);
  expect(new Set(descriptionLefts).size).toBe(1);
  expect(descriptionLefts[0]).toBeGreaterThan(keyLefts[0] ?? Infinity);
});

test("Home, Shift+G, PgDn and Shift+K move through the message list", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const stream = `keys-scroll-${run}`;
  await iago.createStream(stream, ["iago@parley.test", READER]);
  await iago.sendNumbered(stream, "pages", 60);
  await logIn(page, "", READER);
  await openStreamAtNewest(page, stream);
  const messages = page.getByRole("list", { name: "Messages" });
  const selected = messages.locator('li[data-selected="true"]');
  await messages.getByText("m30", { exact: true }).click();
  await expect(selected).toContainText("m30");

  await page.keyboard.press("Shift+G");
  await expect(selected).toContainText("m59");
  await page.keyboard.press("Home");
  await expect(selected).toContainText("m0");
  await expect(selected.getByText("m0", { exact: true })).toBeInViewport();

  const scroller = page.locator(".message-list-scroll");
  const scrollTop = () => scroller.evaluate((element) => element.scrollTop);
  const top = await scrollTop();
  await page.keyboard.press("PageDown");
  await expect.poll(scrollTop).toBeGreaterThan(top + 100);
  const down = await scrollTop();
  await page.keyboard.press("Shift+K");
  await expect.poll(scrollTop).toBeLessThan(down - 100);
});

test("Shift+N goes to the next followed topic with unread messages, past others", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  // Rosalind follows no other topic (no spec makes her follow one).
  const reader = await apiUser(baseURL ?? "", "rosalind@parley.test");
  // A name that sorts before every demo stream: its topics are the first unread ones.
  const stream = `0-0-follow-${run}`;
  const streamId = await iago.createStream(stream, ["iago@parley.test", reader.email]);
  // The followed topic is the older: `n` takes the newer one first.
  await iago.sendStream(stream, "followed", "Find me with Shift+N");
  await iago.sendStream(stream, "not followed", "Skip me with Shift+N");
  await reader.call("POST", "user_topics", {
    stream_id: String(streamId),
    topic: "followed",
    visibility_policy: "3",
  });

  await logIn(page, "", reader.email);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expectConnectionState(page, "live");
  const heading = page.getByRole("heading", { level: 1 });
  // `n` takes the newer topic; Shift+N passes it for the followed one.
  await page.locator("body").press("n");
  await expect(heading).toHaveText(`#${stream} > not followed`);
  await page.keyboard.press("Shift+I");
  await expect(heading).toHaveText("Inbox");
  await page.keyboard.press("Shift+N");
  await expect(heading).toHaveText(`#${stream} > followed`);
});

test("= toggles the first reaction, @ replies mentioning, Enter replies, ← edits one's own", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const reader = await apiUser(baseURL ?? "", READER);
  const topic = `react ${run}`;
  const own = `Horatio's own, to edit with the left arrow (${run})`;
  await reader.sendStream("general", topic, own);
  const text = `React to me with = (${run})`;
  const id = await iago.sendStream("general", topic, text);
  await iago.call("POST", `messages/${String(id)}/reactions`, { emoji_name: "octopus" });

  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  const messages = page.getByRole("list", { name: "Messages" });
  const row = messages.locator(`li[data-message-id="${String(id)}"]`);
  await row.getByText(text).click();
  await expect(row).toHaveAttribute("data-selected", "true");

  const octopus = row.getByRole("list", { name: "Reactions" }).getByRole("button");
  await expect(octopus).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("=");
  await expect(octopus).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("=");
  await expect(octopus).toHaveAttribute("aria-pressed", "false");

  const heading = page.getByRole("heading", { level: 1 });
  const compose = page.getByRole("textbox", { name: "Message" });
  await page.keyboard.press("@");
  await expect(heading).toHaveText(`#general > ${topic}`);
  await expect(compose).toBeFocused();
  await expect(compose).toHaveValue(/^@\*\*Iago[^*]*\*\* $/);
  await compose.fill("");
  await page.keyboard.press("Escape");

  // Enter on the selected row (not a control in it) replies.
  await row.getByText(text).click();
  await expect(row.locator("article")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(compose).toBeFocused();
  await page.keyboard.press("Escape");

  await row.getByText(text).click();
  await page.keyboard.press("ArrowLeft");
  const editor = messages.getByRole("form", { name: "Edit message" });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole("textbox", { name: "Edit content" })).toHaveValue(own);
});

test("v opens the selected message's image in the lightbox", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const text = `Look at this with v (${run})`;
  const link = `https://example.com/keys-${run}.png`;
  const selected = await selectFreshMessage(page, iago, `image ${run}`, text, `\n\n${link}`);
  await expect(selected.locator(".message_inline_image img")).toBeAttached();

  await page.keyboard.press("v");
  const lightbox = page.getByRole("dialog", { name: /^Image \d+ of \d+$/ });
  await expect(lightbox).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
});

test("Shift+H shows the selected message's edit history", async ({ page, baseURL }) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const topic = `history ${run}`;
  const id = await iago.sendStream("general", topic, `First words (${run})`);
  const text = `Second words (${run})`;
  await iago.call("PATCH", `messages/${String(id)}`, { content: text });
  await logIn(page, "", READER);
  await openStreamAtNewest(page, "general");
  const row = page.locator(`li[data-message-id="${String(id)}"]`);
  await row.getByText(text).click();
  await expect(row).toHaveAttribute("data-selected", "true");

  await page.keyboard.press("Shift+H");
  const dialog = page.getByRole("dialog", { name: "Edit history" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Versions" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("menu")).toBeHidden();
});
