import { expect } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// The display settings are the user's settings on the server (PATCH /settings): changed in one
// tab, followed live by another tab of the same person, and still there after a reload.

const PERSON = "polonius@parley.test";
const ACCOUNT_PAGE = "#settings/account-and-privacy";

test("theme, time format, density and Enter are the person's, in every tab and after a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const api = await apiUser(baseURL ?? "", PERSON);
  await api.call("PATCH", "settings", {
    color_scheme: "3",
    twenty_four_hour_time: "false",
    web_font_size_px: "16",
    web_line_height_percent: "140",
    enter_sends: "true",
  });
  try {
    const settingsTab = await logInFresh(browser, PERSON);
    const chatTab = await logInFresh(browser, PERSON);
    await api.sendStream("general", `settings ${Date.now().toString(36)}`, "a time to read");
    await openStreamAtNewest(chatTab, "general");
    const html = chatTab.locator("html");
    await expect(html).toHaveAttribute("data-theme", "light");
    // A message's own time (not a date separator's).
    const times = chatTab
      .getByRole("list", { name: "Messages" })
      .locator("li[data-message-id] time");
    await expect(times.last()).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);

    await goTo(settingsTab, ACCOUNT_PAGE);
    await settingsTab.getByRole("radio", { name: "Dark" }).first().check();
    await settingsTab.getByRole("combobox", { name: "Time format" }).selectOption("24");
    await settingsTab.getByRole("combobox", { name: "Density" }).selectOption("Compact");
    await settingsTab.getByRole("checkbox", { name: "Enter sends a message" }).uncheck();

    // The other tab follows each change live.
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(times.last()).toHaveText(/^\d{2}:\d{2}$/);
    await expect
      .poll(() => chatTab.evaluate(() => getComputedStyle(document.documentElement).fontSize))
      .toBe("14px");
    await chatTab.getByRole("textbox", { name: "Message" }).focus();
    await expect(chatTab.getByRole("checkbox", { name: "Enter sends" })).not.toBeChecked();

    // The server keeps them: a reload (and any other browser) starts from them.
    await chatTab.evaluate(() => {
      localStorage.removeItem("parley:preferences");
    });
    await chatTab.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(times.first()).toHaveText(/^\d{2}:\d{2}$/);
  } finally {
    await api.call("PATCH", "settings", {
      color_scheme: "1",
      twenty_four_hour_time: "false",
      web_font_size_px: "16",
      web_line_height_percent: "140",
      enter_sends: "true",
    });
  }
});
