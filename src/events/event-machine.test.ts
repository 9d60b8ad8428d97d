import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
} from "../api/errors";
import type { RegisterResponse } from "../../common/wire/register";
import type { ConnectionInfo } from "../stores/session-store";
import * as eg from "../test/example-data";
import { createScriptedServer, FakePage } from "../test/events-fakes";
import type { EventBatch } from "./event-batch";
import { createEventMachine } from "./event-machine";
import { REGISTER_PARAMS } from "./register-params";
import type { EventMachineDeps } from "./event-machine-types";

function setup(options: Partial<EventMachineDeps> = {}) {
  const server = createScriptedServer();
  const batches: EventBatch[] = [];
  const infos: ConnectionInfo[] = [];
  const handlers = {
    onRegistered: vi.fn<(snapshot: RegisterResponse, info: { isResync: boolean }) => void>(),
    onEvents: vi.fn((batch: EventBatch) => void batches.push(batch)),
    onConnectionChange: (info: ConnectionInfo) => void infos.push(info),
    onUnauthorized: vi.fn<(error: UnauthorizedError) => void>(),
  };
  const warn = vi.fn();
  const network = new EventTarget();
  const page = new FakePage();
  const machine = createEventMachine({
    api: server.api,
    handlers,
    random: () => 0.5,
    warn,
    network,
    page,
    ...options,
  });
  /** The states reported, without repeats. */
  const states = () =>
    infos.map((info) => info.state).filter((state, i, all) => i === 0 || all[i - 1] !== state);
  return { server, machine, handlers, batches, infos, states, warn, network, page };
}

const tick = () => vi.advanceTimersByTimeAsync(0);
const networkError = () => ({ error: new NetworkError("Failed to fetch") });

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("event machine: the happy path", () => {
  it("registers, applies events, advances last_event_id and ignores heartbeats", async () => {
    const { server, machine, handlers, batches, states } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1", last_event_id: -1 }));
    server.pollReplies.push({ events: [eg.messageEvent(0, eg.streamMessage({ id: 7 }))] });
    server.pollReplies.push({ events: [{ id: 1, type: "heartbeat" }] });
    machine.start();
    await tick();

    expect(server.registers).toEqual([REGISTER_PARAMS]);
    expect(handlers.onRegistered).toHaveBeenCalledWith(
      expect.objectContaining({ queue_id: "q1" }),
      { isResync: false },
    );
    expect(server.polls).toEqual([
      { queue_id: "q1", last_event_id: -1, dont_block: undefined },
      { queue_id: "q1", last_event_id: 0, dont_block: undefined },
      { queue_id: "q1", last_event_id: 1, dont_block: undefined },
    ]);
    expect(batches[0]?.messages.map((event) => event.message.id)).toEqual([7]);
    // The heartbeat's batch is empty but still acknowledged (last_event_id 1 above).
    expect(batches[1]).toMatchObject({ lastEventId: 1, messages: [], others: [] });
    expect(states()).toEqual(["connecting", "live"]);
    expect(machine.connection).toEqual({
      state: "live",
      since: null,
      nextAttemptAt: null,
      failures: 0,
      lastError: null,
    });
    machine.stop();
  });

  it("gives a poll the server's long-poll timeout plus a margin", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse({ event_queue_longpoll_timeout_seconds: 20 }));
    machine.start();
    await tick();
    expect(server.pollTimeouts).toEqual([30_000]);
    machine.stop();
  });

  it("applies a malformed event's neighbours and still acknowledges its id", async () => {
    const { server, machine, batches, warn } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1", last_event_id: 4 }));
    server.pollReplies.push({
      events: [
        eg.messageEvent(5, eg.streamMessage({ id: 30 })),
        { id: 6, type: "message", message: { id: "not a number" }, flags: [] },
        eg.messageEvent(7, eg.streamMessage({ id: 20 })),
      ],
    });
    machine.start();
    await tick();
    expect(batches[0]?.messages.map((event) => event.message.id)).toEqual([20, 30]);
    expect(server.polls[1]).toMatchObject({ last_event_id: 7 });
    expect(warn).toHaveBeenCalledTimes(1);
    machine.stop();
  });
});

describe("event machine: failures", () => {
  it("backs off after a network error and re-polls with dont_block", async () => {
    const { server, machine, states, infos } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.pollReplies.push(networkError(), networkError(), { events: [] });
    machine.start();
    await tick();
    expect(server.polls).toHaveLength(1);
    expect(states()).toEqual(["connecting", "live", "reconnecting"]);
    expect(infos.at(-1)).toMatchObject({
      state: "reconnecting",
      since: Date.now(),
      nextAttemptAt: Date.now() + 500,
      failures: 1,
      lastError: "Failed to fetch",
    });

    // First retry: random 0.5 × min(10 s, 1 s) = 500 ms.
    await vi.advanceTimersByTimeAsync(499);
    expect(server.polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.polls).toHaveLength(2);
    expect(server.polls[1]?.dont_block).toBe(true);

    // Second retry: 0.5 × 2 s = 1 s; then success resets to live and blocking polls.
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.polls).toHaveLength(4);
    expect(server.polls[2]?.dont_block).toBe(true);
    expect(server.polls[3]?.dont_block).toBeUndefined();
    expect(states()).toEqual(["connecting", "live", "reconnecting", "live"]);
    machine.stop();
  });

  it("backs off within full-jitter bounds, capped at 10 s, and starts small after a success", async () => {
    // random() → 1 makes every wait its upper bound.
    const { server, machine, infos } = setup({ random: () => 1 });
    server.registerReplies.push(eg.registerResponse());
    for (let i = 0; i < 8; i++) server.pollReplies.push(networkError());
    server.pollReplies.push({ events: [] }, networkError());
    machine.start();
    await tick();
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const wait = (infos.at(-1)?.nextAttemptAt ?? NaN) - Date.now();
      waits.push(wait);
      const polls = server.polls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.polls).toHaveLength(polls);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.polls.length).toBeGreaterThan(polls);
    }
    // The 9th wait follows a successful poll: back to the first bound.
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000, 1000]);
    machine.stop();
  });

  it("retries a timed-out poll the same way", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse());
    server.pollReplies.push({ error: new TimeoutError(100_000) }, { events: [] });
    machine.start();
    await tick();
    await vi.advanceTimersByTimeAsync(500);
    expect(server.polls.map((poll) => poll.dont_block)).toEqual([undefined, true, undefined]);
    expect(server.registers).toHaveLength(1);
    machine.stop();
  });

  it("retries a 5xx on the same queue", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.pollReplies.push({ error: new ApiError(502, undefined, "Bad gateway") });
    machine.start();
    await tick();
    await vi.advanceTimersByTimeAsync(500);
    expect(server.registers).toHaveLength(1);
    expect(server.polls.map((poll) => poll.queue_id)).toEqual(["q1", "q1"]);
    machine.stop();
  });

  it("waits at least Retry-After on 429", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse());
    server.pollReplies.push({
      error: new RateLimitedError("RATE_LIMIT_HIT", "slow down", {}, 5000),
    });
    machine.start();
    await tick();
    await vi.advanceTimersByTimeAsync(4999);
    expect(server.polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.polls).toHaveLength(2);
    machine.stop();
  });

  it("retries a failed register with backoff", async () => {
    const { server, machine, states } = setup();
    server.registerReplies.push({ error: new NetworkError("offline") });
    server.registerReplies.push(eg.registerResponse());
    machine.start();
    await tick();
    expect(server.registers).toHaveLength(1);
    expect(states()).toEqual(["connecting"]);
    expect(machine.connection).toMatchObject({ failures: 1, lastError: "offline" });
    await vi.advanceTimersByTimeAsync(500);
    expect(server.registers).toHaveLength(2);
    expect(states()).toEqual(["connecting", "live"]);
    machine.stop();
  });

  it("stops and reports a 401", async () => {
    const { server, machine, handlers } = setup();
    server.registerReplies.push(eg.registerResponse());
    server.pollReplies.push({
      error: new UnauthorizedError(401, "UNAUTHORIZED", "Invalid API key"),
    });
    machine.start();
    await tick();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.polls).toHaveLength(1);
    expect(server.registers).toHaveLength(1);
  });
});

describe("event machine: resync", () => {
  it("re-registers on BAD_EVENT_QUEUE_ID, retrying the register, then reports a resync", async () => {
    const { server, machine, handlers, states, infos } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1", last_event_id: -1 }));
    server.registerReplies.push({ error: new NetworkError("offline") });
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2", last_event_id: 3 }));
    server.pollReplies.push({
      error: new ApiError(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: q1", { queue_id: "q1" }),
    });
    machine.start();
    await tick();
    // Re-registered at once; that register failed, so it waits with backoff.
    expect(server.registers).toHaveLength(2);
    expect(infos.at(-1)).toMatchObject({ state: "resyncing", nextAttemptAt: Date.now() + 500 });
    await vi.advanceTimersByTimeAsync(500);
    expect(server.registers).toHaveLength(3);
    expect(handlers.onRegistered).toHaveBeenLastCalledWith(
      expect.objectContaining({ queue_id: "q2" }),
      { isResync: true },
    );
    expect(server.polls.at(-1)).toMatchObject({ queue_id: "q2", last_event_id: 3 });
    expect(server.deletes).toEqual([]); // the server already forgot q1
    expect(states()).toEqual(["connecting", "live", "resyncing", "live"]);
    machine.stop();
  });

  it("answers another 4xx with a warning and a resync, not a retry of the same poll", async () => {
    const { server, machine, handlers, warn, states } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2" }));
    server.pollReplies.push({ error: new ApiError(400, "BAD_REQUEST", "Bad event queue ID: q1") });
    machine.start();
    await tick();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Unexpected"), expect.anything());
    expect(server.deletes).toEqual(["q1"]);
    expect(server.registers).toHaveLength(1); // after a backoff wait, not at once
    await vi.advanceTimersByTimeAsync(500);
    expect(server.registers).toHaveLength(2);
    expect(handlers.onRegistered).toHaveBeenLastCalledWith(expect.anything(), { isResync: true });
    expect(server.polls.at(-1)?.queue_id).toBe("q2");
    expect(states()).toEqual(["connecting", "live", "resyncing", "live"]);
    machine.stop();
  });

  it("resyncs after a malformed response", async () => {
    const { server, machine, handlers } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2" }));
    server.pollReplies.push({ error: new MalformedResponseError(200, "events: expected array") });
    machine.start();
    await tick();
    await vi.advanceTimersByTimeAsync(500);
    expect(handlers.onRegistered).toHaveBeenCalledTimes(2);
    expect(server.polls.at(-1)?.queue_id).toBe("q2");
    machine.stop();
  });

  it("survives a handler that throws: warns, then resyncs", async () => {
    const { server, machine, handlers, warn } = setup();
    handlers.onEvents.mockImplementationOnce(() => {
      throw new Error("corrupt state");
    });
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2" }));
    server.pollReplies.push({ events: [eg.messageEvent(0, eg.streamMessage())] });
    machine.start();
    await tick();
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(handlers.onRegistered).toHaveBeenLastCalledWith(
      expect.objectContaining({ queue_id: "q2" }),
      { isResync: true },
    );
    expect(server.polls.at(-1)?.queue_id).toBe("q2");
    machine.stop();
  });

  it("a restart after stop (page back from the bfcache) registers anew as a resync", async () => {
    const { server, machine, handlers, states } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2" }));
    machine.start();
    await tick();
    machine.stop();
    machine.start();
    await tick();
    expect(server.deletes).toEqual(["q1"]);
    expect(handlers.onRegistered).toHaveBeenLastCalledWith(
      expect.objectContaining({ queue_id: "q2" }),
      { isResync: true },
    );
    expect(server.polls.at(-1)?.queue_id).toBe("q2");
    expect(states()).toEqual(["connecting", "live", "resyncing", "live"]);
    machine.stop();
  });

  it("stop deletes the queue and ends the loop", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q9" }));
    machine.start();
    await tick();
    machine.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.deletes).toEqual(["q9"]);
    expect(server.polls).toHaveLength(1);
  });

  it("deletes a queue whose registration answered after stop, and keeps a restart's queue", async () => {
    const { server, machine, handlers } = setup();
    let answerFirst: (snapshot: RegisterResponse) => void = () => undefined;
    const scripted = server.api.registerQueue.bind(server.api);
    server.api.registerQueue = (params, options) => {
      if (server.registers.length === 0) {
        server.registers.push(params);
        return new Promise((resolve) => {
          answerFirst = resolve;
        });
      }
      return scripted(params, options);
    };
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2" }));
    machine.start();
    machine.stop();
    machine.start();
    await tick();
    answerFirst(eg.registerResponse({ queue_id: "q1" }));
    await tick();
    expect(server.deletes).toEqual(["q1"]);
    expect(handlers.onRegistered).toHaveBeenCalledTimes(1);
    expect(server.polls.map((poll) => poll.queue_id)).toEqual(["q2"]);
    machine.stop();
    expect(server.deletes).toEqual(["q1", "q2"]);
  });
});
