import { expect } from "@playwright/test";
import { test } from "./support/test";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// Typeahead in the message box: `@` people, `#` streams, `:` emoji; the message then renders
// a mention, a stream link and an emoji.

test("`@ham`, `#gen` and `:smi` insert the right syntax, and the message renders them", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "othello@parley.test");
  await openStreamAtNewest(page, "general");
  const topic = `typeahead ${Date.now().toString(36)}`;
  await page.getByRole("textbox", { name: "Topic" }).fill(topic);
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.click();

  const token = `Hello${Date.now().toString(36)}`;
  await composer.pressSequentially(`${token} @ham`);
  const people = page.getByRole("listbox", { name: "People and groups" });
  const hamlet = people.getByRole("option", { name: /King Hamlet/ });
  await expect(hamlet).toBeVisible();
  await expect(composer).toHaveAttribute(
    "aria-activedescendant",
    (await hamlet.getAttribute("id")) ?? "",
  );
  await composer.press("Enter");
  await expect(composer).toHaveValue(`${token} @**King Hamlet** `);
  await expect(people).toBeHidden();

  await composer.pressSequentially("see #gen");
  await expect(
    page.getByRole("listbox", { name: "Streams" }).getByRole("option", { name: "general" }),
  ).toBeVisible();
  await composer.press("Tab");
  await expect(composer).toHaveValue(`${token} @**King Hamlet** see #**general** `);

  await composer.pressSequentially("now :smi");
  await page
    .getByRole("listbox", { name: "Emoji" })
    .getByRole("option", { name: /^:smile:/ })
    .click();
  await expect(composer).toHaveValue(`${token} @**King Hamlet** see #**general** now :smile: `);
  await expect(composer).toBeFocused();

  // Escape closes a list without leaving the box or losing the text.
  await composer.pressSequentially("@");
  await expect(page.getByRole("listbox", { name: "People and groups" })).toBeVisible();
  await composer.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await composer.press("Backspace");

  await composer.press("Enter");
  await expect(composer).toHaveValue("");
  const message = page
    .getByRole("list", { name: "Messages" })
    .locator("li[data-message-id]")
    .filter({ hasText: token });
  await expect(message).toHaveCount(1);
  await expect(message.locator(".user-mention[data-user-id]")).toHaveText("@King Hamlet");
  await expect(message.locator("a.stream")).toHaveText("#general");
  await expect(message.getByRole("img", { name: "smile" })).toBeVisible();
});

test("at 390 px a typeahead opened at the end of a line stays on the screen", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "othello@parley.test");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open streams" }).click();
  await page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name: "general", exact: true })
    .click();
  const composer = page.getByRole("textbox", { name: "Message" });
  await expect(composer).toBeVisible();
  await composer.click();
  // The caret at the right end of the box's first line, then an emoji typeahead from there.
  await composer.pressSequentially("A line long enough to end at the right :smi");
  const list = page.getByRole("listbox", { name: "Emoji" });
  await expect(list).toBeVisible();
  const box = await list.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
});
