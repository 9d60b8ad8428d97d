import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { goTo } from "./support/navigation";
import { expectConnectionState, logInFresh, openStreamAtNewest } from "./support/reader";

// The compose box: choosing a destination where the narrow names none, topic typeahead,
// Shift+Enter, and limits that keep Send disabled with the reason shown.

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function showAllMessages(page: Page): Promise<void> {
  await goTo(page, "#all_messages");
  await expect(page.getByRole("heading", { level: 1, name: "All messages" })).toBeVisible();
  await expectConnectionState(page, "live");
}

test("from All messages: pick a stream and a new topic, send, and follow the message there", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  await showAllMessages(page);
  const topic = unique("compose from all");
  const text = unique("Sent from the All messages view");

  const stream = page.getByRole("combobox", { name: "Stream" });
  await stream.fill("desi");
  await page
    .getByRole("listbox", { name: "Streams" })
    .getByRole("option", { name: "design" })
    .click();
  await expect(stream).toHaveValue("design");
  // Picking the stream moves on to the topic.
  const topicBox = page.getByRole("textbox", { name: "Topic" });
  await expect(topicBox).toBeFocused();
  await topicBox.fill(topic);
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");

  // The message goes elsewhere than the view: the box says where, with a link there.
  const sent = page.getByRole("status").filter({ hasText: "Sent to" });
  await expect(sent).toHaveText(`Sent to #design › ${topic}`);
  await sent.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `#design > ${topic}` })).toBeVisible();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(
    messages.getByRole("article", { name: "Message from Cordelia" }).filter({ hasText: text }),
  ).toHaveCount(1);
  // The stream and topic stay chosen for the next message from All messages.
  await showAllMessages(page);
  await expect(page.getByRole("combobox", { name: "Stream" })).toHaveValue("design");
});

test("the topic box offers the stream's existing topics", async ({ browser, baseURL }) => {
  const topic = unique("typeahead topic");
  const othello = await apiUser(baseURL ?? "", "othello@parley.test");
  await othello.sendStream("engineering", topic, "A topic to be found.");

  const page = await logInFresh(browser, "hamlet@parley.test");
  await openStreamAtNewest(page, "engineering");
  const topicBox = page.getByRole("textbox", { name: "Topic" });
  await topicBox.fill(topic.slice(0, -3));
  const option = page.getByRole("listbox", { name: "Topics" }).getByRole("option", { name: topic });
  await expect(option).toBeVisible();
  await topicBox.press("ArrowDown");
  await topicBox.press("ArrowUp");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await topicBox.press("Enter");
  await expect(topicBox).toHaveValue(topic);
  await expect(page.getByRole("listbox", { name: "Topics" })).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeFocused();
});

test("Shift+Enter adds a line; Enter sends both lines as one message", async ({ browser }) => {
  const page = await logInFresh(browser, "viola@parley.test");
  await openStreamAtNewest(page, "random");
  await page.getByRole("textbox", { name: "Topic" }).fill(unique("two lines"));
  const first = unique("first line");
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(first);
  await composer.press("Shift+Enter");
  await composer.pressSequentially("second line");
  await expect(composer).toHaveValue(`${first}\nsecond line`);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  const message = page
    .getByRole("list", { name: "Messages" })
    .getByRole("article", { name: "Message from Viola" })
    .filter({ hasText: first });
  await expect(message).toHaveCount(1);
  await expect(message.locator(".message-body br")).toHaveCount(1);
  await expect(message).toContainText("second line");
});

test("content over 10,000 bytes or a topic over 60 characters can't be sent, and the box says why", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "rosalind@parley.test");
  await openStreamAtNewest(page, "random");
  const topicBox = page.getByRole("textbox", { name: "Topic" });
  const composer = page.getByRole("textbox", { name: "Message" });
  const send = page.getByRole("button", { name: "Send" });
  await topicBox.fill("limits");

  // 5,001 × "é" is 5,001 characters but 10,002 bytes: bytes are what count.
  const tooLong = "é".repeat(5_001);
  await composer.fill(tooLong);
  await expect(page.getByText("The message is too long: 10,002 of 10,000 bytes.")).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(/too long/);
  await composer.press("Enter");
  await expect(composer).toHaveValue(tooLong);
  await expect(page.locator("li[data-local-id]")).toHaveCount(0);

  await composer.fill("é".repeat(5_000));
  await expect(page.getByText(/message is too long/)).toBeHidden();
  await expect(send).toBeEnabled();

  await topicBox.fill("t".repeat(61));
  await expect(page.getByText("The topic is too long: 61 of 60 characters.")).toBeVisible();
  await expect(send).toBeDisabled();
  await composer.press("Enter");
  await expect(page.locator("li[data-local-id]")).toHaveCount(0);
  await composer.fill("");
});

test("the compose box with its lists open: no serious accessibility problem, both themes, 360 px", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const page = await logInFresh(browser, "desdemona@parley.test");
  await showAllMessages(page);
  // The theme is switched below (with the lists open), so each check takes the page as it is.
  const check = async (label: string) => {
    await expectAccessible(page, "form.compose", { themes: "current", label });
    await page.screenshot({
      path: testInfo.outputPath(`compose-${label}.png`),
    });
  };

  const composer = page.getByRole("textbox", { name: "Message" });
  await page.getByRole("combobox", { name: "Stream" }).fill("gen");
  await page.getByRole("combobox", { name: "Stream" }).press("Enter");
  await composer.fill("Meet @");
  await composer.press("End");
  await composer.pressSequentially("c");
  await expect(page.getByRole("listbox", { name: "People and groups" })).toBeVisible();
  await check("light-mention");

  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.getByRole("listbox", { name: "People and groups" })).toBeVisible();
  await check("dark-mention");

  // Done with the mention list: a person closes it before choosing another kind of message (how
  // far the open list reaches depends on how many names match).
  await composer.fill("Meet");
  await expect(page.getByRole("listbox", { name: "People and groups" })).toBeHidden();
  await page.getByRole("button", { name: "Direct message" }).click();
  await page.getByRole("combobox", { name: "Recipients" }).fill("o");
  await expect(page.getByRole("listbox", { name: "People" })).toBeVisible();
  await check("dark-recipients");

  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("combobox", { name: "Recipients" }).press("Enter");
  await composer.fill("é".repeat(5_001));
  await expect(page.getByText(/message is too long/)).toBeVisible();
  await check("narrow-limit");
  await page.getByRole("tab", { name: "Preview" }).click();
  await check("narrow-preview");
  await page.getByRole("tab", { name: "Write" }).click();
  await composer.fill("");
});

test("compose is collapsed until asked, and a message sent from far up the history is scrolled to", async ({
  browser,
  baseURL,
}) => {
  // A stream of its own: sixty unread messages elsewhere would move other tests' views.
  const api = await apiUser(baseURL ?? "", "viola@parley.test");
  const stream = unique("far-up").replace(" ", "-");
  const streamId = await api.createStream(stream, ["viola@parley.test", "cordelia@parley.test"]);
  const topic = "history";
  await api.sendNumbered(stream, topic, 60);
  const page = await logInFresh(browser, "cordelia@parley.test");
  await goTo(page, `#narrow/stream/${String(streamId)}-${stream}/topic/${topic}`);
  const list = page.getByRole("list", { name: "Messages" });
  await expect(list.getByText("m59", { exact: true })).toBeVisible();

  // Collapsed: the one-line box, without Write/Preview or Send, until it has the focus.
  const compose = page.getByRole("form", { name: "Compose" });
  const composer = page.getByRole("textbox", { name: "Message" });
  const collapsed = (await compose.boundingBox())?.height ?? 0;
  await expect(page.getByRole("tab", { name: "Preview" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Send" })).toBeHidden();
  await composer.focus();
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  expect((await compose.boundingBox())?.height ?? 0).toBeGreaterThan(collapsed);

  // From the top of the topic, a send brings the list down to the message sent.
  await page.locator(".message-list-scroll").evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await expect(list.getByText("m0", { exact: true })).toBeVisible();
  await expect(list.getByText("m59", { exact: true })).not.toBeInViewport();
  const text = unique("sent from far up");
  await composer.fill(text);
  await composer.press("Enter");
  await expect(list.getByText(text)).toBeInViewport();
});
