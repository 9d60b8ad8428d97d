import { expect, test } from "./support/fixtures";
import { readListObservation, stateSequence } from "./support/observe-list";
import {
  expectCaughtUp,
  expectUnreadsSettled,
  prepareScenario,
  waitUntil,
} from "./support/scenario";

// Fault (b): the tab goes offline long enough for the server to collect its idle event queue;
// what the other user sent meanwhile was in that queue and is gone with it. Back online, the
// reader gets BAD_EVENT_QUEUE_ID and must re-register and refetch: no gap, no duplicate.

const QUEUE_TIMEOUT_SECONDS = 6;
const HEARTBEAT_SECONDS = 2;
/** The server sweeps every quarter of the queue timeout (`QueueRegistry.start`). */
const SWEEP_SECONDS = QUEUE_TIMEOUT_SECONDS / 4;
/**
 * The parked poll ends at the latest at its heartbeat (+22% jitter); the queue idles from then
 * and is collected by the next sweep after the timeout. A margin for a slow machine on top.
 */
const OFFLINE_MS = (HEARTBEAT_SECONDS * 1.22 + QUEUE_TIMEOUT_SECONDS + SWEEP_SECONDS + 3) * 1000;

test("the queue is collected while the tab is offline", async ({ page, faults }) => {
  test.setTimeout(240_000);
  const server = await faults.startServer({
    env: {
      QUEUE_TIMEOUT_SECONDS: String(QUEUE_TIMEOUT_SECONDS),
      HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
    },
  });
  const scenario = await prepareScenario(page, server.url, server.url, "queue collected");
  await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);
  const registers = scenario.traffic.registers();

  await page.context().setOffline(true);
  const offlineUntil = Date.now() + OFFLINE_MS;
  await scenario.send(5, "while the reader is offline");
  await scenario.sendSide(3, "side, while the reader is offline");
  await waitUntil(offlineUntil);
  await page.context().setOffline(false);

  await expectCaughtUp(page, scenario, 90_000);
  // The fault really happened: the queue was gone when the reader came back.
  expect(scenario.traffic.badQueueAnswers()).toBeGreaterThan(0);
  expect(scenario.traffic.registers()).toBeGreaterThan(registers);
  expect(stateSequence(await readListObservation(page))).toContain("resyncing");
  await expectUnreadsSettled(page, scenario);
});
