import { topicContents } from "./support/api-user";
import { expect, test } from "./support/fixtures";
import { listedIds } from "./support/reader";
import { prepareScenario } from "./support/scenario";

// Messages typed while the server is down wait in the outbox; when it is back they must be
// stored in the order they were typed (each retried on its own timer, they once came back as
// 3091, 3090, 3092).

const TOPIC = "typed while down";

test("messages typed while the server is down are stored in the order typed", async ({
  page,
  faults,
}) => {
  test.setTimeout(240_000);
  const server = await faults.startServer();
  const scenario = await prepareScenario(page, server.url, server.url, "outbox order");
  const before = await listedIds(page);
  // Stop once the page is quiet (its poll parked), as the restart specs do.
  await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);

  await server.stop();
  // Five rather than three: with the old per-message timers, five came back in order by
  // chance once in 120 runs, three once in six.
  const typed = [1, 2, 3, 4, 5].map((index) => `typed while down ${index} of 5`);
  await page.getByRole("textbox", { name: "Topic" }).fill(TOPIC);
  const composer = page.getByRole("textbox", { name: "Message" });
  for (const text of typed) {
    await composer.fill(text);
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
  }
  const echoes = page.locator("li[data-local-id]");
  await expect(echoes).toHaveCount(typed.length);
  // Every one has been tried (or waits behind one that was) and is waiting to retry.
  for (const echo of await echoes.all()) {
    await expect(echo.getByRole("status")).toContainText("Not sent yet");
  }

  await server.start();
  await expect(echoes).toHaveCount(0, { timeout: 90_000 });
  await expect.poll(() => listedIds(page)).toHaveLength(before.length + typed.length);

  const contents = await topicContents(scenario.readerApi, scenario.streamId, TOPIC);
  expect(contents).toEqual(typed);
});
