import { expect } from "@playwright/test";
import { test } from "./support/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Administrators delete a message after confirming; it goes away for everyone, live. Members
// are not offered Delete.

test("an administrator deletes a message after confirming; it leaves another user's view", async ({
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  const hamletApi = await apiUser(baseURL ?? "", "hamlet@parley.test");
  const topic = `delete ${run}`;
  const keep = await hamletApi.sendStream("general", topic, `This one stays, ${run}`);
  const doomed = await hamletApi.sendStream("general", topic, `Oops, wrong topic ${run}`);
  const generalId = (await hamletApi.streamIds()).get("general") ?? 0;
  const hash = narrowToHash(topicNarrow(generalId, "general", topic));

  const hamlet = await logInFresh(browser, "hamlet@parley.test");
  const iago = await logInFresh(browser, "iago@parley.test");
  await goTo(hamlet, hash);
  await goTo(iago, hash);

  // Hamlet (a member) sees the menu without Delete, even on his own message. On a phone-sized
  // screen (no hover) the menu button shows without hovering.
  const hamletRow = hamlet.locator(`li[data-message-id="${doomed}"]`);
  await hamlet.setViewportSize({ width: 360, height: 740 });
  await expect(hamletRow.locator(".message-toolbar")).toHaveCSS("opacity", "1");
  await hamletRow.getByRole("button", { name: "Message actions" }).click();
  await expect(hamlet.getByRole("menuitem", { name: "Reply", exact: true })).toBeVisible();
  await expect(hamlet.getByRole("menuitem", { name: "Delete message" })).toHaveCount(0);
  await hamlet.keyboard.press("Escape");
  await expect(hamlet.getByRole("menu")).toHaveCount(0);

  // Iago (an administrator) deletes it, cancelling once first.
  const iagoRow = iago.locator(`li[data-message-id="${doomed}"]`);
  const openDelete = async () => {
    await iagoRow.hover();
    await iagoRow.getByRole("button", { name: "Message actions" }).click();
    await iago.getByRole("menuitem", { name: "Delete message" }).click();
    return iago.getByRole("dialog", { name: "Delete message?" });
  };
  let confirm = await openDelete();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(iagoRow).toBeVisible();

  confirm = await openDelete();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(iagoRow).toHaveCount(0);
  await expect(hamletRow).toHaveCount(0);
  await expect(confirm).toHaveCount(0);
  // Only that message went.
  await expect(iago.locator(`li[data-message-id="${keep}"]`)).toBeVisible();
  await expect(hamlet.locator(`li[data-message-id="${keep}"]`)).toBeVisible();
});
