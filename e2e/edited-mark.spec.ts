import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// "(edited)" belongs to every edited message, also to one in the middle of its sender's group
// (a compact row, without the name above it).

const AUTHOR = "prospero@parley.test";

/** Whether the element is what the page shows at its own centre (nothing is drawn over it). */
function isUncovered(mark: Locator): Promise<boolean> {
  return mark.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const shown = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return box.width > 0 && shown !== null && element.contains(shown);
  });
}

async function edit(page: Page, row: Locator, content: string): Promise<void> {
  await row.hover();
  await row.getByRole("button", { name: "Message actions" }).click();
  await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
  const editor = row.getByRole("form", { name: "Edit message" });
  await editor.getByRole("textbox", { name: "Edit content" }).fill(content);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toHaveCount(0);
}

test("an edited message in the middle of a group shows (edited)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const api = await apiUser(baseURL ?? "", AUTHOR);
  const topic = `edited marks ${Date.now().toString(36)}`;
  const ids = [];
  for (const content of ["first", "second", "third"]) {
    ids.push(await api.sendStream("general", topic, content));
  }
  const generalId = (await api.streamIds()).get("general") ?? 0;

  const page = await logInFresh(browser, AUTHOR);
  await goTo(page, narrowToHash(topicNarrow(generalId, "general", topic)));
  const rows = ids.map((id) => page.locator(`li[data-message-id="${id}"]`));
  const [first, second, third] = rows;
  if (first === undefined || second === undefined || third === undefined) throw new Error("rows");
  await expect(third.locator(".message-body")).toHaveText("third");
  // One group: the name only above the first.
  await expect(first.locator(".message-sender")).toHaveText("Prospero");
  await expect(second.locator(".message-sender")).toHaveCount(0);

  const compactHeight = (await third.boundingBox())?.height;

  await edit(page, second, "second, corrected");
  await expect(second.locator(".message-body")).toHaveText("second, corrected");
  // The mark is text with when the edit was made, and nothing covers it: not the toolbar of
  // the selected row, nor of the hovered one, nor the menu a narrow screen always shows.
  const mark = second.getByText("(edited)", { exact: true });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute("title", /^Edited /);
  await expect.poll(() => isUncovered(mark)).toBe(true);
  await second.hover();
  await expect.poll(() => isUncovered(mark)).toBe(true);
  await testInfo.attach("hovered compact row with (edited)", {
    body: await second.screenshot(),
    contentType: "image/png",
  });
  await page.mouse.move(0, 0);
  await expect.poll(() => isUncovered(mark)).toBe(true);
  await expect(first.getByText("(edited)")).toHaveCount(0);
  await expect(third.getByText("(edited)")).toHaveCount(0);
  // No taller than a compact row without it: the list's row estimates hold.
  expect((await second.boundingBox())?.height).toBe(compactHeight);

  await page.setViewportSize({ width: 480, height: 800 });
  await expect(second.getByRole("button", { name: "Message actions" })).toBeVisible();
  await expect.poll(() => isUncovered(mark)).toBe(true);

  // Fetched again (not by the event), the same.
  await page.reload();
  await expect(mark).toBeVisible();
  await expect.poll(() => isUncovered(mark)).toBe(true);
  await expect(second.locator(".message-sender")).toHaveCount(0);
});
