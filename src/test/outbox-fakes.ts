// An outbox over fakes, for the controller's tests: sends wait until the test answers them,
// the connection's return is a function the test calls, and time is Vitest's fake clock.
import { vi } from "vitest";
import type { SendMessageParams } from "../api/messages";
import type { SendMessageResponse } from "../../common/wire/responses";
import * as markdown from "../../common/markdown/render";
import { EMPTY_RENDER_CONTEXT } from "../../common/markdown/types";
import { realSetTimer } from "../lib/timer";
import { createOutboxStore, findOutboxEntry } from "../stores/outbox-store";
import { createOutboxController, type OutboxDeps } from "../controllers/outbox-controller";
import { memoryStorage } from "./events-fakes";

/** One `POST /messages` the test has not answered yet. */
interface PendingSend {
  params: SendMessageParams;
  resolve(id: number): void;
  reject(error: unknown): void;
}

/** An outbox over fakes; `reconnect()` reports that the event connection is live again. */
export function setupOutbox(overrides: Partial<OutboxDeps> = {}) {
  const sends: PendingSend[] = [];
  const known = new Set<number>();
  const reconnectListeners = new Set<() => void>();
  let nextLocalId = 0;
  const deps: OutboxDeps = {
    store: createOutboxStore(),
    send: (params) =>
      new Promise<SendMessageResponse>((resolve, reject) => {
        sends.push({
          params,
          resolve: (id) => {
            resolve({ result: "success", msg: "", id });
          },
          reject,
        });
      }),
    queueId: () => "q1",
    sender: () => ({ userId: 10, email: "iago@parley.test", fullName: "Iago", avatarUrl: null }),
    renderContext: () => EMPTY_RENDER_CONTEXT,
    loadRenderer: () => Promise.resolve(markdown),
    isMessageKnown: (id) => known.has(id),
    requestEventPoll: vi.fn(),
    storage: memoryStorage(),
    createLocalId: () => `local-${String(++nextLocalId)}`,
    now: () => Date.now(),
    setTimer: realSetTimer,
    random: () => 0.5,
    network: new EventTarget(),
    watchReconnection: (listener) => {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },
    warn: vi.fn(),
    ...overrides,
  };
  const outbox = createOutboxController(deps);
  const entry = (localId: string) => findOutboxEntry(deps.store.getState(), localId);
  const reconnect = () => {
    for (const listener of reconnectListeners) listener();
  };
  /** The local ids of the requests made so far, in order. */
  const sentIds = () => sends.map((send) => send.params.local_id);
  return { deps, outbox, sends, known, entry, reconnect, sentIds };
}
