import { expect } from "@playwright/test";
import { test } from "./support/test";
import { logInFresh, openStreamAtNewest } from "./support/reader";

test("a message sent by one user appears live for another, once", async ({ browser }) => {
  const iago = await logInFresh(browser, "iago@parley.test");
  const hamlet = await logInFresh(browser, "hamlet@parley.test");
  await openStreamAtNewest(iago, "general");
  await openStreamAtNewest(hamlet, "general");

  const text = `Hello from Iago ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await iago.getByRole("textbox", { name: "Topic" }).fill("e2e greetings");
  const composer = iago.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");

  // The compose box clears at once: the message is in the outbox, shown as a local echo.
  await expect(composer).toHaveValue("");

  const hamletMessages = hamlet.getByRole("list", { name: "Messages" });
  await expect(hamletMessages.getByText(text)).toBeVisible();
  await expect(
    hamletMessages.getByRole("article", { name: "Message from Iago" }).filter({ hasText: text }),
  ).toHaveCount(1);

  const iagoMessages = iago.getByRole("list", { name: "Messages" });
  await expect(iagoMessages.getByText(text)).toBeVisible();
  // Give a duplicate (e.g. the event applied twice) time to show up before counting.
  await iago.waitForTimeout(500);
  await expect(iagoMessages.getByText(text)).toHaveCount(1);
  await expect(hamletMessages.getByText(text)).toHaveCount(1);

  // Clicking the message's topic narrows to it; the message is still there.
  await hamletMessages
    .getByRole("article")
    .filter({ hasText: text })
    .getByRole("link", { name: "e2e greetings" })
    .click();
  await expect(
    hamlet.getByRole("heading", { level: 1, name: "#general > e2e greetings" }),
  ).toBeVisible();
  await expect(hamlet.getByRole("list", { name: "Messages" }).getByText(text)).toHaveCount(1);
});
