import { expect, test } from "./support/fixtures";
import type { ProxyLogEntry } from "./support/fault-proxy";
import { expectCaughtUp, expectUnreadsSettled, prepareScenario } from "./support/scenario";

// Fault (d): a burst of 429 RATE_LIMIT_HIT answers (with Retry-After) to every API call of the
// reader while the other user keeps sending. The reader must wait as told, then catch up.

const BURST = 6;
const RETRY_AFTER_SECONDS = 2;
/** The proxy notes a request's arrival a moment after the browser's timer fired. */
const CLOCK_SLACK_MS = 100;

/** Each 429 to a poll and the time until the next poll arrived. */
function pollWaitsAfter429(log: readonly ProxyLogEntry[]): number[] {
  const polls = log.filter((entry) => entry.path.startsWith("/api/v1/events"));
  return polls.flatMap((entry, index) => {
    const next = polls[index + 1];
    return entry.outcome === "rate-limited" && next !== undefined ? [next.at - entry.at] : [];
  });
}

test("a burst of 429 answers while another user sends", async ({ page, faults }) => {
  test.setTimeout(240_000);
  const server = await faults.startServer({ env: { HEARTBEAT_SECONDS: "5" } });
  const proxy = await faults.startProxy(server.url);
  const scenario = await prepareScenario(page, server.url, proxy.url, "rate limited");
  await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);

  proxy.rateLimit({ requests: BURST, retryAfterSeconds: RETRY_AFTER_SECONDS });
  await scenario.send(5, "during the 429 burst");
  await scenario.sendSide(2, "side, during the 429 burst");
  await expect.poll(() => proxy.counters().rateLimited, { timeout: 60_000 }).toBeGreaterThan(2);
  await scenario.send(5, "later in the 429 burst");
  await scenario.sendSide(1, "side, later in the 429 burst");
  await expect.poll(() => proxy.counters().rateLimited, { timeout: 90_000 }).toBe(BURST);

  await expectCaughtUp(page, scenario, 90_000);
  const waits = pollWaitsAfter429(proxy.log());
  expect(waits.length, "polls answered with 429 and followed by another").toBeGreaterThan(0);
  for (const wait of waits) {
    expect(wait, "Retry-After honoured").toBeGreaterThanOrEqual(
      RETRY_AFTER_SECONDS * 1000 - CLOCK_SLACK_MS,
    );
  }
  await expectUnreadsSettled(page, scenario);
});
