import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser } from "./support/api-user";
import { goTo } from "./support/navigation";
import { logInFresh } from "./support/reader";

// Streams from the UI: browse and subscribe, create a private stream, subscribe someone else
// from a stream's settings, leave, and remove others (administrators only; a member sees the
// server's refusal). The server is asked what it now holds after each change.

const run = Date.now().toString(36);

/** The settings page (its own status and alert messages, apart from the shell's). */
function settings(page: Page) {
  return page.locator(".stream-settings");
}

function sidebarStreams(page: Page) {
  return page.getByRole("navigation", { name: "Streams" });
}

async function openSettingsFromSidebar(page: Page, stream: string): Promise<void> {
  const link = sidebarStreams(page).getByRole("link", {
    name: stream,
    exact: true,
  });
  await link.hover();
  await sidebarStreams(page)
    .getByRole("button", { name: `Stream options for ${stream}`, exact: true })
    .click();
  await page.getByRole("menuitem", { name: "Stream settings" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `#${stream}`, exact: true }),
  ).toBeVisible();
}

test("browse streams, filter them and subscribe to one", async ({ browser, baseURL }) => {
  const name = `browse-${run}`;
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  await iago.createStream(name, ["iago@parley.test"], `Somewhere to browse (${run})`);

  const page = await logInFresh(browser, "hamlet@parley.test");
  await sidebarStreams(page).getByRole("link", { name: "Browse streams" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Streams" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Filter streams" }).fill(`browse (${run}`);
  const cards = page.getByRole("list", { name: "Streams" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Somewhere to browse (${run})`);

  await page.getByRole("button", { name: `Subscribe to ${name}`, exact: true }).click();
  await expect(sidebarStreams(page).getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Unsubscribe from ${name}` })).toBeVisible();
  const hamlet = await apiUser(baseURL ?? "", "hamlet@parley.test");
  expect((await hamlet.streamIds()).has(name)).toBe(true);
});

test("the Streams page by keyboard: arrows, Shift+S subscribes, Shift+V opens, n creates", async ({
  browser,
  baseURL,
}) => {
  const name = `keys-${run}`;
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  await iago.createStream(name, ["iago@parley.test"], `Reached by keys (${run})`);

  const page = await logInFresh(browser, "hamlet@parley.test");
  await sidebarStreams(page).getByRole("link", { name: "Browse streams" }).click();
  const filter = page.getByRole("searchbox", { name: "Filter streams" });
  await filter.fill(`by keys (${run}`);
  await filter.press("ArrowDown");
  const link = page.getByRole("heading", { name }).getByRole("link", { name, exact: true });
  await expect(link).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(filter).toBeFocused();
  await filter.press("ArrowDown");

  await page.keyboard.press("Shift+S");
  await expect(page.getByRole("button", { name: `Unsubscribe from ${name}` })).toBeVisible();
  const hamlet = await apiUser(baseURL ?? "", "hamlet@parley.test");
  expect((await hamlet.streamIds()).has(name)).toBe(true);

  await link.focus();
  await page.keyboard.press("Shift+V");
  await expect(page).toHaveURL(new RegExp(`#narrow/stream/\\d+-${name}$`));

  await page.goBack();
  await page.getByRole("heading", { name }).getByRole("link", { name, exact: true }).focus();
  await page.keyboard.press("n");
  await expect(page.getByRole("dialog", { name: "Create stream" })).toBeVisible();
});

test("create a private stream with a description; it shows in the sidebar with a lock", async ({
  browser,
  baseURL,
}) => {
  const name = `made-${run}`;
  const page = await logInFresh(browser, "hamlet@parley.test");
  await sidebarStreams(page).getByRole("button", { name: "Create stream" }).click();
  const dialog = page.getByRole("dialog", { name: "Create stream" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Plans **in progress**");
  await dialog.getByRole("checkbox", { name: /Private/ }).check();
  await dialog.getByRole("button", { name: "Create" }).click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("heading", { level: 1, name: `#${name}`, exact: true }),
  ).toBeVisible();
  const link = sidebarStreams(page).getByRole("link", { name, exact: true });
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(link.locator(".stream-lock")).toHaveText("private");

  const hamlet = await apiUser(baseURL ?? "", "hamlet@parley.test");
  const id = (await hamlet.streamIds()).get(name);
  expect(id).toBeDefined();
  expect(page.url()).toContain(`#narrow/stream/${id}-`);
  // Private: another member can neither see it in the browser nor is subscribed.
  const othello = await apiUser(baseURL ?? "", "othello@parley.test");
  expect((await othello.streamIds()).has(name)).toBe(false);
  await goTo(page, "#streams/all");
  await page.getByRole("searchbox", { name: "Filter streams" }).fill(name);
  const card = page.getByRole("list", { name: "Streams" }).getByRole("listitem");
  await expect(card).toContainText("Private");
  await expect(card).toContainText("Plans in progress");
  await expect(card.locator("strong")).toHaveText("in progress");
});

test("subscribe someone else from the stream's settings, then leave the stream", async ({
  browser,
  baseURL,
}) => {
  const name = `team-${run}`;
  const hamletApi = await apiUser(baseURL ?? "", "hamlet@parley.test");
  await hamletApi.createStream(name, ["hamlet@parley.test"], "A team");
  const othello = await apiUser(baseURL ?? "", "othello@parley.test");
  expect((await othello.streamIds()).has(name)).toBe(false);

  const page = await logInFresh(browser, "hamlet@parley.test");
  await openSettingsFromSidebar(page, name);
  await expect(page.getByRole("heading", { name: "Subscribers (1)" })).toBeVisible();
  await page.getByRole("combobox", { name: "Add subscribers" }).fill("othe");
  await expect(page.getByRole("option", { name: /Othello/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(settings(page).getByRole("status")).toHaveText(`Added Othello to #${name}.`);
  await expect(page.getByRole("heading", { name: "Subscribers (2)" })).toBeVisible();
  expect((await othello.streamIds()).has(name)).toBe(true);

  await page.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  const confirm = page.getByRole("dialog", {
    name: `Unsubscribe from #${name}?`,
  });
  await confirm.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(confirm).toBeHidden();
  await expect(sidebarStreams(page).getByRole("link", { name, exact: true })).toHaveCount(0);
  await expect(page.getByText(`You are not subscribed to #${name}.`)).toBeVisible();
  expect((await hamletApi.streamIds()).has(name)).toBe(false);
});

test("an administrator removes a subscriber; a member trying it sees the server's reason", async ({
  browser,
  baseURL,
}) => {
  const name = `admins-${run}`;
  const iagoApi = await apiUser(baseURL ?? "", "iago@parley.test");
  await iagoApi.createStream(
    name,
    ["iago@parley.test", "hamlet@parley.test", "othello@parley.test"],
    "Removals",
  );
  const othello = await apiUser(baseURL ?? "", "othello@parley.test");

  const member = await logInFresh(browser, "hamlet@parley.test");
  await openSettingsFromSidebar(member, name);
  await member.getByRole("button", { name: "Remove Othello" }).click();
  await expect(settings(member).getByRole("alert")).toHaveText(
    `Could not remove Othello from #${name}: Insufficient permission`,
  );
  expect((await othello.streamIds()).has(name)).toBe(true);

  const admin = await logInFresh(browser, "iago@parley.test");
  await openSettingsFromSidebar(admin, name);
  await expect(admin.getByRole("heading", { name: "Subscribers (3)" })).toBeVisible();
  await admin.getByRole("button", { name: "Remove Othello" }).click();
  await expect(settings(admin).getByRole("status")).toHaveText(`Removed Othello from #${name}.`);
  await expect(admin.getByRole("heading", { name: "Subscribers (2)" })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Remove Othello" })).toHaveCount(0);
  expect((await othello.streamIds()).has(name)).toBe(false);
});
