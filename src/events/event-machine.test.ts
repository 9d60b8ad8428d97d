import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError, RateLimitedError, UnauthorizedError } from "../api/errors";
import type { GetEventsParams } from "../api/events";
import type { RegisterResponse } from "../api/types/register";
import * as eg from "../test/example-data";
import type { EventBatch } from "./event-batch";
import { createEventMachine, REGISTER_PARAMS, type EventMachineApi } from "./event-machine";

type Reply = { events: unknown[] } | { error: unknown };

/** A scripted server: replies are consumed in order; with none left, a poll blocks until aborted. */
function createScriptedServer() {
  const registerReplies: (RegisterResponse | { error: unknown })[] = [];
  const pollReplies: Reply[] = [];
  const polls: GetEventsParams[] = [];
  const pollTimeouts: (number | undefined)[] = [];
  const registers: unknown[] = [];
  const deletes: string[] = [];

  function answer<T>(
    reply: T | { error: unknown } | undefined,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    if (reply === undefined) {
      return new Promise((_resolve, reject) => {
        signal?.addEventListener("abort", () => {
          reject(new DOMException("Aborted", "AbortError"));
        });
      });
    }
    if (typeof reply === "object" && reply !== null && "error" in reply) {
      return Promise.reject(
        reply.error instanceof Error ? reply.error : new Error(String(reply.error)),
      );
    }
    return Promise.resolve(reply);
  }

  const api: EventMachineApi = {
    registerQueue: (params, options) => {
      registers.push(params);
      return answer(registerReplies.shift(), options.signal);
    },
    getEvents: (params, options) => {
      polls.push(params);
      pollTimeouts.push(options.timeoutMs);
      return answer(pollReplies.shift(), options.signal);
    },
    deleteQueue: (params) => {
      deletes.push(params.queue_id);
      return Promise.resolve();
    },
  };
  return { api, registerReplies, pollReplies, polls, pollTimeouts, registers, deletes };
}

function setup() {
  const server = createScriptedServer();
  const batches: EventBatch[] = [];
  const states: string[] = [];
  const handlers = {
    onRegistered: vi.fn<(snapshot: RegisterResponse, info: { isResync: boolean }) => void>(),
    onEvents: (batch: EventBatch) => void batches.push(batch),
    onConnectionChange: (state: string) => void states.push(state),
    onUnauthorized: vi.fn<(error: UnauthorizedError) => void>(),
  };
  const warn = vi.fn();
  const machine = createEventMachine({ api: server.api, handlers, random: () => 0.5, warn });
  return { server, machine, handlers, batches, states, warn };
}

const tick = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("event machine", () => {
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
    expect(server.pollTimeouts[0]).toBe(100_000);
    expect(batches[0]?.messages.map((event) => event.message.id)).toEqual([7]);
    expect(batches[1]?.messages).toEqual([]);
    expect(states).toEqual(["live"]);
    machine.stop();
  });

  it("backs off after a network error and re-polls with dont_block", async () => {
    const { server, machine, states } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1" }));
    server.pollReplies.push({ error: new NetworkError("Failed to fetch") });
    server.pollReplies.push({ error: new NetworkError("Failed to fetch") });
    server.pollReplies.push({ events: [] });
    machine.start();
    await tick();
    expect(server.polls).toHaveLength(1);
    expect(states).toEqual(["live", "reconnecting"]);

    // First retry: random 0.5 × min(60 s, 1 s) = 500 ms.
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
    expect(states).toEqual(["live", "reconnecting", "live"]);
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

  it("re-registers on BAD_EVENT_QUEUE_ID and reports a resync", async () => {
    const { server, machine, handlers, states } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q1", last_event_id: -1 }));
    server.registerReplies.push(eg.registerResponse({ queue_id: "q2", last_event_id: 3 }));
    server.pollReplies.push({
      error: new ApiError(400, "BAD_EVENT_QUEUE_ID", "Bad event queue ID: q1", { queue_id: "q1" }),
    });
    machine.start();
    await tick();
    expect(server.registers).toHaveLength(2);
    expect(handlers.onRegistered).toHaveBeenLastCalledWith(
      expect.objectContaining({ queue_id: "q2" }),
      {
        isResync: true,
      },
    );
    expect(server.polls.at(-1)).toMatchObject({ queue_id: "q2", last_event_id: 3 });
    expect(states).toEqual(["live", "resyncing", "live"]);
    machine.stop();
  });

  it("does not mistake another 400 for a lost queue", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse());
    server.pollReplies.push({ error: new ApiError(400, "BAD_REQUEST", "Bad event queue ID: q1") });
    machine.start();
    await tick();
    expect(server.registers).toHaveLength(1);
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
  });

  it("retries a failed register with backoff", async () => {
    const { server, machine, states } = setup();
    server.registerReplies.push({ error: new NetworkError("offline") });
    server.registerReplies.push(eg.registerResponse());
    machine.start();
    await tick();
    expect(server.registers).toHaveLength(1);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.registers).toHaveLength(2);
    expect(states).toEqual(["live"]);
    machine.stop();
  });

  it("stop deletes the queue and ends the loop", async () => {
    const { server, machine } = setup();
    server.registerReplies.push(eg.registerResponse({ queue_id: "q9" }));
    machine.start();
    await tick();
    machine.stop();
    await tick();
    expect(server.deletes).toEqual(["q9"]);
    expect(server.polls).toHaveLength(1);
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
    expect(states).toEqual(["live", "resyncing", "live"]);
    machine.stop();
  });
});
