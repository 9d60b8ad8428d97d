import { expect } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Star a message from its row, find it in the Starred view, unstar it there; the server keeps
// the star (a reload shows the same state).

const READER = "cordelia@parley.test";

test("a starred message is in Starred, survives a reload, and leaves when unstarred", async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const api = await apiUser(baseURL ?? "", READER);
  const topic = `star ${run}`;
  const id = await api.sendStream("general", topic, `Remember this, ${run}`);
  const generalId = (await api.streamIds()).get("general") ?? 0;
  const topicHash = narrowToHash(topicNarrow(generalId, "general", topic));

  const page = await logInFresh(browser, READER);
  await goTo(page, topicHash);
  const row = page.locator(`li[data-message-id="${id}"]`);
  await row.hover();
  await row.getByRole("button", { name: "Star message" }).click();
  const unstar = row.getByRole("button", { name: "Unstar message" });
  await expect(unstar).toHaveAttribute("aria-pressed", "true");
  await expect(row.getByRole("img", { name: "Starred" })).toBeVisible();

  await goTo(page, "#narrow/is/starred");
  await expect(page.getByRole("heading", { level: 1, name: "Starred messages" })).toBeVisible();
  const starredRow = page.locator(`li[data-message-id="${id}"]`);
  await expect(starredRow).toBeVisible();

  // The server has it: after a reload the Starred view fetches it again.
  await page.reload();
  await expect(starredRow).toBeVisible();
  await expect(starredRow.getByRole("img", { name: "Starred" })).toBeVisible();

  await starredRow.hover();
  await starredRow.getByRole("button", { name: "Unstar message" }).click();
  await expect(starredRow).toHaveCount(0);

  await page.reload();
  await goTo(page, topicHash);
  const again = page.locator(`li[data-message-id="${id}"]`);
  await again.hover();
  await expect(again.getByRole("button", { name: "Star message" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(again.getByRole("img", { name: "Starred" })).toHaveCount(0);
});
