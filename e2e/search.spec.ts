import { expect } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { expectConnectionState, logInFresh } from "./support/reader";

// Search: the results of a full-text search (stemmed, as Zulip's), each match in the server's
// `<span class="highlight">` (Zulip's match_content / match_subject), and an empty state.

const READER = "rosalind@parley.test";
const SENDER = "iago@parley.test";

test("a search shows the matching messages with the word highlighted, and nothing else", async ({
  browser,
  baseURL,
}) => {
  const sender = await apiUser(baseURL ?? "", SENDER);
  // Letters only: a word with digits is not stemmed (PostgreSQL's english configuration).
  const stamp = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => "abcdefghij".charAt(Number(digit)));
  // Ends in "t": the english stemmer keeps the "s" of a plural in "-us" and "-ss" (Snowball's
  // step 1a), so a stamp ending in "u" or "s" made the plural a different word (1 run in 18).
  const word = `zebra${stamp}t`;
  const topic = `search ${stamp}`;
  await sender.sendStream("general", topic, `The ${word} crossed the road, **${word}** again.`);
  await sender.sendStream("general", topic, "A message without the word");
  await sender.sendStream("general", `about ${word}`, "Found by its topic");
  await sender.sendStream("general", topic, `Two ${word}s met`);

  const page = await logInFresh(browser, READER);
  await expectConnectionState(page, "live");
  const search = page.getByRole("searchbox", { name: "Search messages" });
  await search.fill(word);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`#narrow/search/${word}$`));

  const list = page.getByRole("list", { name: "Messages" });
  const crossed = list.getByRole("article").filter({ hasText: "crossed the road" });
  await expect(crossed).toHaveCount(1);
  await expect(list.getByRole("article").filter({ hasText: "Found by its topic" })).toHaveCount(1);
  await expect(list.getByText("A message without the word")).toHaveCount(0);
  // Stemmed as Zulip's search is: the plural is found, and highlighted whole.
  const plural = list.getByRole("article").filter({ hasText: "s met" });
  await expect(plural.locator(".message-body .highlight")).toHaveText([`${word}s`]);

  // The word is highlighted twice in the body (once inside <strong>), once in the topic, and the
  // highlight is visible: a background of its own.
  const inBody = crossed.locator(".message-body .highlight");
  await expect(inBody).toHaveText([word, word]);
  await expect(crossed.locator(".message-body strong .highlight")).toHaveText(word);
  await expect(
    list.locator(".recipient-header:not(.recipient-ghost) .recipient-topic .highlight"),
  ).toHaveText([word]);
  const background = await inBody
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");

  // The same message in its topic carries no highlight: it was the search's. (Its topic, not
  // its stream: a stream view opens at the reader's first unread, which in a stream with
  // history may be far older than these messages.)
  await list
    .locator(".recipient-header:not(.recipient-ghost) .recipient-topic")
    .filter({ hasText: topic })
    .first()
    .click();
  await expect(page).toHaveURL(/#narrow\/stream\/\d+-general\/topic\//);
  const inStream = list.getByRole("article").filter({ hasText: "crossed the road" });
  await expect(inStream).toHaveCount(1);
  await expect(list.locator(".highlight")).toHaveCount(0);
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
});
