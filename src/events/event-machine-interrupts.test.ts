import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RateLimitedError } from "../api/errors";
import * as eg from "../test/example-data";
import { createScriptedServer, FakePage } from "../test/events-fakes";
import { createEventMachine } from "./event-machine";

/** A machine that registered and then waits 30 s (Retry-After) before its next poll. */
async function waitingMachine() {
  const server = createScriptedServer();
  const network = new EventTarget();
  const page = new FakePage();
  const machine = createEventMachine({
    api: server.api,
    handlers: {
      onRegistered: () => undefined,
      onEvents: () => undefined,
      onConnectionChange: () => undefined,
      onUnauthorized: () => undefined,
    },
    random: () => 0.5,
    warn: () => undefined,
    network,
    page,
  });
  server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
  server.pollReplies.push({ error: new RateLimitedError("RATE_LIMIT_HIT", "slow", {}, 30_000) });
  machine.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(server.polls).toHaveLength(1);
  expect(machine.connection.nextAttemptAt).toBe(Date.now() + 30_000);
  return { server, machine, network, page };
}

/** A machine whose poll is parked on the server (no reply scripted). */
async function parkedMachine() {
  const { server, machine, network, page } = await waitingMachine();
  await vi.advanceTimersByTimeAsync(30_000);
  expect(server.polls).toHaveLength(2);
  expect(server.abortedPolls).toHaveLength(0);
  return { server, machine, network, page };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("event machine: cutting waits short", () => {
  it("`online` ends a backoff wait and polls with dont_block", async () => {
    const { server, machine, network } = await waitingMachine();
    network.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.polls).toHaveLength(2);
    expect(server.polls[1]).toMatchObject({ queue_id: "q1", dont_block: true });
    expect(machine.connection.nextAttemptAt).toBeNull();
    machine.stop();
  });

  it("the page becoming visible ends a wait; becoming hidden does not", async () => {
    const { server, machine, page } = await waitingMachine();
    page.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.polls).toHaveLength(1);
    page.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.polls).toHaveLength(2);
    expect(server.polls[1]?.dont_block).toBe(true);
    machine.stop();
  });

  it("waking from sleep (a jump in wall-clock time) ends a wait", async () => {
    const { server, machine } = await waitingMachine();
    // Timers don't run while the machine sleeps; the clock jumps when it wakes.
    vi.setSystemTime(Date.now() + 25_000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.polls).toHaveLength(2);
    expect(server.polls[1]?.dont_block).toBe(true);
    machine.stop();
  });

  it("normal ticking of the clock is not taken for a sleep", async () => {
    const { server, machine } = await waitingMachine();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.polls).toHaveLength(1);
    machine.stop();
  });

  it("retryNow ends a wait", async () => {
    const { server, machine } = await waitingMachine();
    machine.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.polls).toHaveLength(2);
    machine.stop();
  });
});

describe("event machine: restarting a poll that may hang", () => {
  it("`online` aborts a parked poll and re-polls with dont_block", async () => {
    const { server, machine, network } = await parkedMachine();
    network.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.abortedPolls).toHaveLength(1);
    expect(server.polls).toHaveLength(3);
    expect(server.polls[2]).toMatchObject({ queue_id: "q1", dont_block: true });
    // The abort is ours, not a failure to report.
    expect(machine.connection.lastError).toBe("slow");
    machine.stop();
  });

  it("waking from sleep aborts a parked poll", async () => {
    const { server, machine } = await parkedMachine();
    vi.setSystemTime(Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.abortedPolls).toHaveLength(1);
    expect(server.polls.at(-1)?.dont_block).toBe(true);
    machine.stop();
  });

  it("retryNow (the send watchdog) aborts a parked poll; visibility does not", async () => {
    const { server, machine, page } = await parkedMachine();
    page.hide();
    page.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.abortedPolls).toHaveLength(0);
    machine.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.abortedPolls).toHaveLength(1);
    expect(server.polls.at(-1)?.dont_block).toBe(true);
    machine.stop();
  });

  it("listens no more once stopped", async () => {
    const { server, machine, network } = await parkedMachine();
    machine.stop();
    await vi.advanceTimersByTimeAsync(0);
    const polls = server.polls.length;
    network.dispatchEvent(new Event("online"));
    vi.setSystemTime(Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.polls).toHaveLength(polls);
  });
});
