import { expect } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { expectConnectionState, logInFresh } from "./support/reader";

// Search: the results of a full-text search, their matching words highlighted with the CSS
// Custom Highlight API (the message HTML itself untouched), and an empty state.

const READER = "rosalind@parley.test";
const SENDER = "iago@parley.test";

test("a search shows the matching messages with the word highlighted, and nothing else", async ({
  browser,
  baseURL,
}) => {
  const sender = await apiUser(baseURL ?? "", SENDER);
  const word = `zebra${Date.now().toString(36)}`;
  const topic = `search ${Date.now().toString(36)}`;
  await sender.sendStream("general", topic, `The ${word} crossed the road, **${word}** again.`);
  await sender.sendStream("general", topic, "A message without the word");
  await sender.sendStream("general", `about ${word}`, "Found by its topic");
  await sender.sendStream("general", topic, `${word}s is another word`);

  const page = await logInFresh(browser, READER);
  await expectConnectionState(page, "live");
  const search = page.getByRole("searchbox", { name: "Search messages" });
  await search.fill(word);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`#narrow/search/${word}$`));

  const list = page.getByRole("list", { name: "Messages" });
  await expect(list.getByRole("article").filter({ hasText: "crossed the road" })).toHaveCount(1);
  await expect(list.getByRole("article").filter({ hasText: "Found by its topic" })).toHaveCount(1);
  await expect(list.getByText("A message without the word")).toHaveCount(0);
  await expect(list.getByText("is another word")).toHaveCount(0);

  // The bodies are the server's HTML: no marks were added to them.
  const body = list
    .getByRole("article")
    .filter({ hasText: "crossed the road" })
    .locator(".message-body");
  await expect(body.locator("mark")).toHaveCount(0);

  // Every highlighted range is the word, whole: twice in the body, once in a topic.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const highlight = CSS.highlights.get("search-match");
        return highlight === undefined
          ? []
          : [...highlight].map((range) => (range instanceof Range ? range.toString() : ""));
      }),
    )
    .toContain(word);
  const matched = await page.evaluate(() => {
    const highlight = CSS.highlights.get("search-match");
    return highlight === undefined
      ? []
      : [...highlight].map((range) => ({
          text: range instanceof Range ? range.toString() : "",
          inBody: range.startContainer.parentElement?.closest(".message-body") !== null,
        }));
  });
  for (const range of matched) expect(range.text.toLowerCase()).toBe(word);
  expect(matched.filter((range) => range.inBody)).toHaveLength(2);
  expect(matched.filter((range) => !range.inBody).length).toBeGreaterThanOrEqual(1);
});

test("a search with no results says so", async ({ browser }) => {
  const page = await logInFresh(browser, READER);
  await expectConnectionState(page, "live");
  const word = `nothingmatches${Date.now().toString(36)}`;
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#narrow/search/${word}`);
  await expect(page.getByText(`No messages match “${word}”.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(0);
  // Leaving the search removes its highlight.
  await page.evaluate(() => {
    window.location.hash = "#all_messages";
  });
  await expect.poll(() => page.evaluate(() => CSS.highlights.has("search-match"))).toBe(false);
});
