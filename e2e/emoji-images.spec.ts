import { expect, type Locator } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// Emoji are drawn from the server's images (Google's Noto set), not the system's font: Debian's
// Chromium has no colour emoji font, so a character would be an empty box. Each image must
// really have loaded (a broken image has no natural width).

const EMOJI_PATH = "/static/generated/emoji/images/emoji/unicode/";

async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test("a message's emoji and its reaction show as loaded images, the text kept", async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const sender = await apiUser(baseURL ?? "", "horatio@parley.test");
  const topic = `emoji images ${run}`;
  const id = await sender.sendStream("general", topic, `Shipped :tada: :heart: :+1: ${run}`);
  await sender.call("POST", `messages/${String(id)}/reactions`, { emoji_name: "tada" });
  const generalId = (await sender.streamIds()).get("general") ?? 0;

  const page = await logInFresh(browser, "othello@parley.test");
  await goTo(page, narrowToHash(topicNarrow(generalId, "general", topic)));
  const row = page.locator(`li[data-message-id="${id}"]`);
  const body = row.locator(".message-body");

  const tada = body.locator("span.emoji.emoji-1f389");
  await expect(tada).toHaveAccessibleName("tada");
  await expect(tada.locator("img")).toHaveAttribute("src", `${EMOJI_PATH}1f389.png`);
  await expectLoaded(tada.locator("img"));
  // ❤ is 2764 to Zulip and 2764-fe0f.png in the package: the server maps one to the other.
  await expectLoaded(body.locator("span.emoji.emoji-2764 img"));
  await expectLoaded(body.locator("span.emoji.emoji-1f44d img"));
  // The text stays in the page (copying the message copies `:tada:`), hidden behind the image.
  await expect(body).toHaveText(`Shipped :tada: :heart: :+1: ${run}`);
  const box = await tada.boundingBox();
  const imageBox = await tada.locator("img").boundingBox();
  expect(imageBox).toEqual(box);

  const chip = row.getByRole("button", { name: /reacted with :tada:$/ });
  await expectLoaded(chip.locator("img"));
  await expect(chip.locator("img")).toHaveAttribute("src", `${EMOJI_PATH}1f389.png`);
});

test("the emoji picker and the `:` typeahead show loaded images", async ({ browser }) => {
  const page = await logInFresh(browser, "othello@parley.test");
  await openStreamAtNewest(page, "general");
  const row = page.locator("li[data-message-id]").last();
  await row.hover();
  await row.getByRole("button", { name: "Add reaction" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add a reaction" });
  const first = picker.getByRole("button", { name: ":grinning:", exact: true });
  await expect(first.locator("img")).toHaveAttribute("src", `${EMOJI_PATH}1f600.png`);
  await expectLoaded(first.locator("img"));
  // The grid's images are asked for as it is scrolled to them, not all at once.
  const last = picker.getByRole("region", { name: "Flags" }).locator(".emoji-choice img").last();
  await expect(last).not.toHaveAttribute("src");
  await last.scrollIntoViewIfNeeded();
  await expectLoaded(last);
  await picker.getByRole("searchbox", { name: "Search emoji" }).fill("tada");
  await expectLoaded(picker.getByRole("button", { name: ":tada:", exact: true }).locator("img"));
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);

  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.click();
  await composer.pressSequentially("Well done :tad");
  const option = page
    .getByRole("listbox", { name: "Emoji" })
    .getByRole("option", { name: /^:tada:/ });
  await expect(option.locator("img")).toHaveAttribute("src", `${EMOJI_PATH}1f389.png`);
  await expectLoaded(option.locator("img"));
});
