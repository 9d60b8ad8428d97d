// Fakes for the event machine, the outbox and persistence tests: a scripted server, a page whose
// visibility the test sets, and a Map-backed storage.
import type { GetEventsParams } from "../api/events";
import type { RegisterResponse } from "../../common/wire/register";
import type { EventMachineApi } from "../events/event-machine-types";

/** A scripted reply: a value, or an error to reject with. */
type Scripted<T> = T | { error: unknown };

function isError<T>(reply: Scripted<T>): reply is { error: unknown } {
  return typeof reply === "object" && reply !== null && "error" in reply;
}

/**
 * Answers one scripted reply; with none, the request hangs until its signal aborts (then
 * rejects with the signal's reason, as the real transport does).
 */
function answer<T>(reply: Scripted<T> | undefined, signal?: AbortSignal): Promise<T> {
  if (reply === undefined) {
    return new Promise((_resolve, reject) => {
      signal?.addEventListener("abort", () => {
        const reason: unknown = signal.reason;
        reject(reason instanceof Error ? reason : new Error(String(reason)));
      });
    });
  }
  if (isError(reply)) {
    return Promise.reject(
      reply.error instanceof Error ? reply.error : new Error(String(reply.error)),
    );
  }
  return Promise.resolve(reply);
}

/** A scripted server: replies are consumed in order; with none left, a request hangs. */
export function createScriptedServer() {
  const registerReplies: Scripted<RegisterResponse>[] = [];
  const pollReplies: Scripted<{ events: unknown[] }>[] = [];
  const polls: GetEventsParams[] = [];
  const pollTimeouts: (number | undefined)[] = [];
  const registers: unknown[] = [];
  const deletes: string[] = [];
  /** Polls whose signal was aborted (by stop, or to restart a hanging poll). */
  const abortedPolls: GetEventsParams[] = [];

  const api: EventMachineApi = {
    registerQueue: (params, options) => {
      registers.push(params);
      return answer(registerReplies.shift(), options.signal);
    },
    getEvents: (params, options) => {
      polls.push(params);
      pollTimeouts.push(options.timeoutMs);
      options.signal?.addEventListener("abort", () => void abortedPolls.push(params));
      return answer(pollReplies.shift(), options.signal);
    },
    deleteQueue: (params) => {
      deletes.push(params.queue_id);
      return Promise.resolve();
    },
  };
  return {
    api,
    registerReplies,
    pollReplies,
    polls,
    pollTimeouts,
    registers,
    deletes,
    abortedPolls,
  };
}

/** A page the test makes visible or hidden (`visibilitychange` fires on it). */
export class FakePage extends EventTarget {
  visibilityState = "visible";

  show(): void {
    this.visibilityState = "visible";
    this.dispatchEvent(new Event("visibilitychange"));
  }

  hide(): void {
    this.visibilityState = "hidden";
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

/** A Map-backed `Storage`; `items` is there to inspect or corrupt. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
