import { expect, test, type Page, type Route } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { hasWrittenCache, readDeviceCache } from "./support/device-cache";
import { listedIds, logIn, openStream } from "./support/reader";

// The offline cache (issue 23) on the shared server, service workers blocked as in every spec
// but the offline ones: a reload paints the last view from IndexedDB before register answers,
// then reconciles in place; logging out deletes the cache; another account in the same browser
// never reads it.

/** Holds every `register` until `release` is called (the page's start waits on the network). */
async function holdRegister(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/register", async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

function uniqueName(label: string): string {
  return `${label} ${Date.now().toString(36)}`;
}

test("a reload paints the stream from the cache before register, then shows what changed meanwhile", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const stream = uniqueName("cached");
  await iago.createStream(stream, ["iago@parley.test", "hamlet@parley.test"]);
  const first = await iago.sendStream(stream, "plans", "first, before the edit");
  const second = await iago.sendStream(stream, "plans", "second, to be deleted");
  const third = await iago.sendStream(stream, "plans", "third, unchanged");

  await logIn(page, "", "hamlet@parley.test");
  await openStream(page, stream);
  await expect.poll(() => listedIds(page)).toEqual([first, second, third]);
  await expect.poll(() => hasWrittenCache(page), { timeout: 30_000 }).toBe(true);

  const release = await holdRegister(page);
  await page.reload();
  // Register has not answered: these rows come from the device.
  await expect.poll(() => listedIds(page)).toEqual([first, second, third]);
  const list = page.getByRole("list", { name: "Messages" });
  await expect(list).toContainText("first, before the edit");

  // While the page was away: an edit, a deletion, a new message.
  await iago.call("PATCH", `messages/${first}`, { content: "first, edited while away" });
  await iago.call("DELETE", `messages/${second}`);
  const fourth = await iago.sendStream(stream, "plans", "fourth, sent while away");
  release();

  await expect.poll(() => listedIds(page)).toEqual([first, third, fourth]);
  await expect(list).toContainText("first, edited while away");
  await expect(list).not.toContainText("second, to be deleted");
  await expect(list.getByText("fourth, sent while away")).toHaveCount(1);
});

test("logging out deletes the account's cache", async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, "", "hamlet@parley.test");
  await openStream(page, "general");
  await expect.poll(() => hasWrittenCache(page), { timeout: 30_000 }).toBe(true);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: /hamlet@parley\.test/ })).toBeVisible();
  await expect
    .poll(async () =>
      (await readDeviceCache(page)).databases.filter((name) => name.startsWith("parley-cache ")),
    )
    .toEqual([]);
});

test("another account in the same browser never sees the first one's cache", async ({
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const secret = uniqueName("hamlet only");
  await iago.createStream(secret, ["iago@parley.test", "hamlet@parley.test"]);
  await iago.sendStream(secret, "private", "only hamlet and iago read this");

  const hamlet = await context.newPage();
  await logIn(hamlet, "", "hamlet@parley.test");
  await openStream(hamlet, secret);
  await expect.poll(() => hasWrittenCache(hamlet), { timeout: 30_000 }).toBe(true);

  // Othello, in another tab of the same browser, with his register held: whatever shows comes
  // from the device, and none of it may be hamlet's.
  const othello = await context.newPage();
  await logIn(othello, "", "othello@parley.test");
  // His own database is written too (his home view, the Inbox, fetches no messages).
  await expect
    .poll(async () => (await readDeviceCache(othello)).written.length, { timeout: 30_000 })
    .toBe(2);
  const release = await holdRegister(othello);
  await othello.reload();
  await expect(othello.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(othello.getByText("only hamlet and iago read this")).toHaveCount(0);
  await expect(othello.getByRole("link", { name: secret })).toHaveCount(0);
  const caches = (await readDeviceCache(othello)).written.map((each) => each.name);
  // Two databases, one per account; each tab reads its own.
  expect(caches).toHaveLength(2);
  release();
  await expect(othello.getByRole("link", { name: "general", exact: true })).toBeVisible();
  await expect(othello.getByText("only hamlet and iago read this")).toHaveCount(0);
});
