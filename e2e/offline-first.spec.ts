import { topicContents } from "./support/api-user";
import { expect, test } from "./support/fixtures";
import { hasWrittenCache, isControlledByServiceWorker } from "./support/device-cache";
import { listedIds } from "./support/reader";
import { prepareScenario } from "./support/scenario";

// Issue 23's promise, end to end: a stream read once opens again with the server down, from
// what the device saved (the service worker's client files, the IndexedDB store), and messages
// typed while offline go out once each, in the order typed, when the server is back — for the
// other person too.

test.use({ serviceWorkers: "allow" });

const TOPIC = "typed offline";

test("a stream read before opens with the server down; messages typed offline go out once, in order", async ({
  page,
  faults,
}) => {
  test.setTimeout(240_000);
  const server = await faults.startServer();
  const scenario = await prepareScenario(page, server.url, server.url, "offline first");
  const before = await listedIds(page);
  await expect.poll(() => isControlledByServiceWorker(page), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => hasWrittenCache(page), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);

  await server.stop();
  await page.reload();
  // The same rows as before, from the device; the page says it is offline.
  await expect.poll(() => listedIds(page)).toEqual(before);
  const status = page.getByTestId("connection-status");
  await expect(status).toContainText("Offline: the server cannot be reached");

  const typed = [1, 2, 3].map((index) => `typed offline ${index} of 3`);
  await page.getByRole("textbox", { name: "Topic" }).fill(TOPIC);
  const composer = page.getByRole("textbox", { name: "Message" });
  for (const text of typed) {
    await composer.fill(text);
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
  }
  const echoes = page.locator("li[data-local-id]");
  await expect(echoes).toHaveCount(typed.length);

  await server.start();
  await expect(echoes).toHaveCount(0, { timeout: 90_000 });
  await expect(status).toHaveAttribute("data-state", "live", { timeout: 60_000 });
  await expect.poll(() => listedIds(page)).toHaveLength(before.length + typed.length);
  const shown = await listedIds(page);
  expect(new Set(shown).size).toBe(shown.length);

  // The other person reads them from the server: each once, in the order typed.
  const contents = await topicContents(scenario.sender, scenario.streamId, TOPIC);
  expect(contents).toEqual(typed);
});
