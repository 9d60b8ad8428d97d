import { expect, test } from "./support/fixtures";
import { readListObservation, stateSequence } from "./support/observe-list";
import {
  expectCaughtUp,
  expectUnreadsSettled,
  prepareScenario,
  waitUntil,
} from "./support/scenario";

// Fault (c): the network between the reader and the server is cut for 30 s (every connection
// dropped, new ones refused) while the other user sends 20 messages. The queue outlives the
// cut, so once the network is back the reader must pick up all 20 from it, once each.

const CUT_MS = 30_000;
const MESSAGES = 20;

test("the network is cut for 30 s while another user sends 20 messages", async ({
  page,
  faults,
}) => {
  test.setTimeout(300_000);
  const server = await faults.startServer({ env: { HEARTBEAT_SECONDS: "10" } });
  const proxy = await faults.startProxy(server.url);
  const scenario = await prepareScenario(page, server.url, proxy.url, "network cut");
  await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);

  proxy.cut();
  const cutAt = Date.now();
  // Spread over the cut, as a conversation would be.
  for (let index = 1; index <= MESSAGES; index++) {
    await scenario.send(1, `during the cut, message ${index} of ${MESSAGES}`);
    if (index % 4 === 0) await scenario.sendSide(1, `side, during the cut ${index / 4}`);
    await waitUntil(cutAt + (index * CUT_MS) / (MESSAGES + 1));
  }
  await waitUntil(cutAt + CUT_MS);
  proxy.restore();

  const during = proxy.counters();
  expect(during.destroyed, "connections open when the network went").toBeGreaterThan(0);
  expect(during.refused, "the reader tried again during the cut").toBeGreaterThan(0);
  expect(stateSequence(await readListObservation(page))).toContain("reconnecting");

  await expectCaughtUp(page, scenario, 120_000);
  expect(scenario.sentToStream).toHaveLength(3 + MESSAGES);
  await expectUnreadsSettled(page, scenario);
});
