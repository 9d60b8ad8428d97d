import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logIn } from "./support/reader";

function views(page: Page) {
  return page.getByRole("navigation", { name: "Views" });
}

// Drafts: what a compose box holds, listed, restored into its compose box, deleted with undo.

const READER = "desdemona@parley.test";

test("a draft is listed, restored into its compose box, and deleted with an undo", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const stream = `drafts ${Date.now().toString(36)}`;
  await iago.createStream(stream, ["iago@parley.test", READER]);
  await iago.sendStream(stream, "plans", "Any plans?");

  await logIn(page, "", READER);
  await page.getByRole("searchbox", { name: "Filter conversations" }).fill(stream);
  await page
    .getByRole("list", { name: "Unread conversations" })
    .getByRole("link", { name: /^plans/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${stream} > plans`);
  await page.getByRole("textbox", { name: "Message" }).fill("A draft about plans");

  const drafts = views(page).getByRole("link", { name: "Drafts" });
  await expect(drafts).toHaveAccessibleDescription("1 draft");
  await drafts.click();
  const list = page.getByRole("list", { name: "Drafts" });
  const item = list.getByRole("listitem", { name: `#${stream} > plans` });
  await expect(item).toContainText("A draft about plans");

  await item.getByRole("link", { name: "Restore" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${stream} > plans`);
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("A draft about plans");

  await goTo(page, "#drafts");
  await item.getByRole("button", { name: /^Delete/ }).click();
  await expect(item).toBeHidden();
  await expect(page.getByText("No drafts.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(item).toBeVisible();
});
