import { expect, test, type Page } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";

// Hostile names where the sidebar, the topic list, the stream browser and a stream's settings
// show them: topics and a stream name made of markup, `javascript:` links and DOM-clobbering
// words, and a stream description full of the same. Sent through the API, viewed in Chromium:
// no dialog opens, no script runs (`window.__pwned`), no request leaves the app's origin, and
// every name reads literally.

const run = Date.now().toString(36);
const SENDER = "iago@parley.test";
const VIEWER = "hamlet@parley.test";

/** Topics (each at most 60 characters): markup, script URLs, clobbering names, templates. */
const TOPICS = [
  "<img src=x onerror=alert(1)>",
  '"><script>window.__pwned=1</script>',
  "<svg onload=window.__pwned=1>",
  "javascript:alert(1)",
  "[click](javascript:alert(1))",
  "<a href=javascript:alert(1)>x</a>",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  '<form id="x"><input name="attributes">',
  '<img name="getElementById" src=x>',
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "<iframe src=//evil.example>",
  "<style>*{background:url(//evil.example/x)}</style>",
].map((topic) => topic.slice(0, 60));

const STREAM = `<img src=x onerror=window.__pwned=1> ${run}`;
const DESCRIPTION = [
  "<img src=x onerror=alert(1)>",
  "[x](javascript:alert(1))",
  "<script>window.__pwned=1</script>",
  '<a href="javascript:alert(1)">y</a>',
  "![i](https://evil.example/track.png)",
  '<https://evil.example/" onmouseover="alert(1)>',
].join(" ");

/** Logs in as `email` and records dialogs, popups and requests to other origins. */
async function watchedPage(page: Page, email: string, origin: string, events: string[]) {
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

async function pwned(page: Page): Promise<unknown> {
  return page.evaluate((): unknown => Reflect.get(window, "__pwned"));
}

test("hostile topics, stream names and descriptions show as text and run nothing", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const sender = await apiUser(baseURL ?? "", SENDER);
  const streamId = await sender.createStream(STREAM, [SENDER, VIEWER], DESCRIPTION);
  for (const topic of TOPICS) await sender.sendStream(STREAM, topic, "hostile");

  const events: string[] = [];
  await watchedPage(page, VIEWER, new URL(baseURL ?? "http://127.0.0.1").origin, events);
  const streamsNav = page.getByRole("navigation", { name: "Streams" });
  const streamLink = streamsNav.getByRole("link", {
    name: STREAM,
    exact: true,
  });
  await expect(streamLink).toBeVisible();
  await expect(streamLink.locator(".stream-name")).toHaveText(STREAM);

  // The topic list view, and the same topics under the stream in the sidebar.
  const slug = (await streamLink.getAttribute("href"))?.replace("#narrow/stream/", "") ?? "";
  await goTo(page, `#topics/stream/${slug}`);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: `Topics in #${STREAM}`,
      exact: true,
    }),
  ).toBeVisible();
  const names = page.getByRole("table").getByRole("rowheader");
  await expect(names).toHaveCount(TOPICS.length);
  expect((await names.allTextContents()).sort()).toEqual([...TOPICS].sort());
  const sidebarTopics = page.getByRole("list", { name: `Topics in ${STREAM}` });
  for (const topic of TOPICS.slice(-8)) {
    await expect(sidebarTopics.getByRole("link", { name: topic, exact: true })).toBeVisible();
  }
  await page.getByRole("searchbox", { name: "Filter topics" }).fill("<img");
  await expect(names).toHaveText([TOPICS[11]!, TOPICS[0]!]);

  // The stream browser and the stream's settings: the name as text, the description sanitised.
  await goTo(page, "#streams/all");
  await page.getByRole("searchbox", { name: "Filter streams" }).fill(run);
  const card = page.locator(`li.stream-card[data-stream-id="${streamId}"]`);
  await expect(card.getByRole("heading", { level: 2 })).toContainText(STREAM);
  await expect(card.locator(".stream-description")).toContainText(
    "<script>window.__pwned=1</script>",
  );
  expect(
    await card.locator('[href^="javascript" i], [onerror], [onmouseover], script').count(),
  ).toBe(0);

  await goTo(page, `#streams/${streamId}-x`);
  await expect(
    page.getByRole("heading", { level: 1, name: `#${STREAM}`, exact: true }),
  ).toBeVisible();
  await expect(page.locator(".stream-settings .stream-description")).toBeVisible();

  // Give late image loads and handlers a moment before concluding.
  await page.waitForTimeout(1_000);
  expect(events).toEqual([]);
  expect(await pwned(page)).toBeUndefined();
  expect(await page.locator("script:not([src]), iframe, object, embed").count()).toBe(0);
});
