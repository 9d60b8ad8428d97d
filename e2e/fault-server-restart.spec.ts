import { expect, test } from "./support/fixtures";
import { readListObservation, stateSequence } from "./support/observe-list";
import { expectCaughtUp, expectUnreadsSettled, prepareScenario } from "./support/scenario";

// Fault (a): the server restarts while the reader's poll is parked. A graceful stop saves the
// event queues and the next start restores them, so the reader carries on with its queue; a
// crash loses them, so the reader must re-register and resync without a blank list.

test.describe("the server restarts while a poll is parked", () => {
  test("graceful restart: the restored queue delivers what was sent meanwhile", async ({
    page,
    faults,
  }) => {
    test.setTimeout(240_000);
    // A long heartbeat keeps the poll parked until the restart answers it.
    const server = await faults.startServer({ env: { HEARTBEAT_SECONDS: "40" } });
    const scenario = await prepareScenario(page, server.url, server.url, "restart graceful");
    await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);
    const registers = scenario.traffic.registers();

    await server.restart();
    await scenario.send(5, "after the graceful restart");
    await scenario.sendSide(3, "side, after the graceful restart");

    await expectCaughtUp(page, scenario, 90_000);
    expect(server.output()).toMatch(/event queues: 1 restored from the last run/);
    // The queue survived the restart: no need to register again.
    expect(scenario.traffic.badQueueAnswers()).toBe(0);
    expect(scenario.traffic.registers()).toBe(registers);
    await expectUnreadsSettled(page, scenario);
  });

  test("crash and restart: the lost queue is replaced and the reader resyncs", async ({
    page,
    faults,
  }) => {
    test.setTimeout(240_000);
    const server = await faults.startServer({ env: { HEARTBEAT_SECONDS: "40" } });
    const scenario = await prepareScenario(page, server.url, server.url, "restart crash");
    await expect.poll(() => scenario.traffic.pollsInFlight()).toBe(1);
    const registers = scenario.traffic.registers();

    await server.restart({ crash: true });
    await scenario.send(5, "after the crash");
    await scenario.sendSide(3, "side, after the crash");

    await expectCaughtUp(page, scenario, 90_000);
    expect(server.output()).toMatch(/event queues: none saved/);
    expect(scenario.traffic.badQueueAnswers()).toBeGreaterThan(0);
    expect(scenario.traffic.registers()).toBeGreaterThan(registers);
    expect(stateSequence(await readListObservation(page))).toContain("resyncing");
    await expectUnreadsSettled(page, scenario);
  });
});
