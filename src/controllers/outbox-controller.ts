import type { StoreApi } from "zustand/vanilla";
import type { SendMessageParams } from "../api/messages";
import type { RenderContext } from "../../common/markdown/types";
import type { SendMessageResponse } from "../../common/wire/responses";
import type { KeyValueStorage } from "../lib/stored-json";
import type { SetTimer } from "../lib/timer";
import {
  findOutboxEntry,
  type OutboxDestination,
  type OutboxEntry,
  type OutboxState,
} from "../stores/outbox-store";
import type { EchoRenderer, EchoSender } from "./echo-render";
import { createOutboxEchoes, type OutboxEchoes } from "./outbox-echoes";
import { persistChanges, restoreEntries } from "./outbox-persist";
import { deliveryOperations, type DeliveryOperations } from "./outbox-delivery";
import { OutboxSender } from "./outbox-sending";

export { SEND_WATCHDOG_MS } from "./outbox-sending";

/** What the outbox talks to; the app's are in outbox.ts, tests pass fakes. */
export interface OutboxDeps {
  store: StoreApi<OutboxState>;
  /** `POST /messages` with the logged-in client. */
  send: (params: SendMessageParams) => Promise<SendMessageResponse>;
  /** The current event queue, sent so our message event carries `local_message_id`. */
  queueId: () => string | null;
  /** Who we are; undefined when logged out. */
  sender: () => EchoSender | undefined;
  renderContext: () => RenderContext;
  loadRenderer: () => Promise<EchoRenderer>;
  /** Whether the message store already holds the message (by event or fetch). */
  isMessageKnown: (messageId: number) => boolean;
  /** Asks the event machine to poll again at once. */
  requestEventPoll: () => void;
  storage: KeyValueStorage | undefined;
  createLocalId: () => string;
  now: () => number;
  setTimer: SetTimer;
  random: () => number;
  /** Fires `online`: retrying entries go at once. */
  network?: EventTarget | undefined;
  /**
   * Calls back each time the event connection is live again after being down (the server is
   * back, maybe without `online`): retrying entries go at once. Returns an unsubscriber.
   */
  watchReconnection?: ((onReconnected: () => void) => () => void) | undefined;
  warn: (message: string, detail?: unknown) => void;
}

/** The outbox's behaviour: sending, retrying, matching, persistence. */
export interface OutboxController extends DeliveryOperations {
  /** Puts a message in the outbox (shown at once) and sends it. Returns its local id. */
  queue(destination: OutboxDestination, content: string): string;
  /**
   * Sends a failed or retrying entry again now, with the same local id (after the earlier
   * pending entries of its conversation).
   */
  retry(localId: string): void;
  /** Drops a failed or retrying entry and returns it (for the compose box); else undefined. */
  cancel(localId: string): OutboxEntry | undefined;
  /** A session for `owner`: restores their persisted outbox (unless already held) and listens. */
  start(owner: string): void;
  /** Stops timers and listeners; entries and in-flight requests stay. */
  stop(): void;
}

/** What the outbox's operations share. */
interface OutboxParts {
  readonly deps: OutboxDeps;
  readonly sender: OutboxSender;
  readonly echoes: OutboxEchoes;
  /** Drops what is held for an entry besides the store: timers, backoff, a pending re-render. */
  readonly forget: (localId: string) => void;
  /** Takes entries out of the outbox: delivered, or cancelled. */
  readonly remove: (localIds: readonly string[]) => void;
}

/** Queueing a message, and the user's retry and cancel of one that did not go. */
function entryOperations(parts: OutboxParts): Pick<OutboxController, "queue" | "retry" | "cancel"> {
  const { deps, sender, echoes } = parts;
  const entry = (localId: string) => findOutboxEntry(deps.store.getState(), localId);
  return {
    queue(destination, content) {
      const localId = deps.createLocalId();
      const createdAt = deps.now();
      deps.store.getState().messageQueued({
        localId,
        destination,
        content,
        echo: echoes.echoFor(localId, destination, content, createdAt),
        status: "sending",
        messageId: null,
        error: null,
        nextRetryAt: null,
        createdAt,
      });
      sender.pump();
      return localId;
    },
    retry(localId) {
      const current = entry(localId);
      if (current?.status === "failed") {
        deps.store.getState().sendWaiting(localId);
        sender.pump();
      } else if (current?.status === "retrying") {
        sender.retryNow(localId);
      }
    },
    cancel(localId) {
      const current = entry(localId);
      if (current?.status !== "failed" && current?.status !== "retrying") return undefined;
      parts.remove([localId]);
      return current;
    },
  };
}

/**
 * A session's outbox: restored from storage for its owner, saved on every change, retried when
 * the network or the event connection comes back, and its echoes rendered once the renderer is
 * in.
 */
function sessionOperations(parts: OutboxParts): Pick<OutboxController, "start" | "stop"> {
  const { deps, sender, echoes } = parts;
  const { store } = deps;
  let stopListening: (() => void) | undefined;
  const onOnline = () => {
    sender.resume();
  };
  return {
    start(owner) {
      stopListening?.();
      if (store.getState().owner !== owner) {
        for (const item of store.getState().entries) parts.forget(item.localId);
        const { now, warn } = deps;
        const restored = restoreEntries(deps.storage, owner, {
          now,
          warn,
          echoFor: echoes.echoFor,
        });
        store.getState().sessionLoaded(owner, restored);
      }
      const unsubscribe = store.subscribe(persistChanges(deps.storage));
      deps.network?.addEventListener("online", onOnline);
      const stopWatching = deps.watchReconnection?.(onOnline);
      stopListening = () => {
        unsubscribe();
        deps.network?.removeEventListener("online", onOnline);
        stopWatching?.();
      };
      deps.loadRenderer().then(
        (loaded) => {
          echoes.rendererLoaded(loaded);
        },
        (error: unknown) => {
          deps.warn("The Markdown renderer did not load; echoes stay plain text", error);
        },
      );
    },
    stop() {
      stopListening?.();
      stopListening = undefined;
      sender.cancelRetries();
    },
  };
}

/**
 * Creates the outbox logic over a store; see `OutboxController`. Its parts: the sending loop
 * (outbox-sending.ts: requests, retries with backoff, the watchdog), the echoes
 * (outbox-echoes.ts), persistence (outbox-persist.ts), the reconciliation with message events
 * and fetches (outbox-delivery.ts), and here the entries' and the session's operations.
 */
export function createOutboxController(deps: OutboxDeps): OutboxController {
  const echoes = createOutboxEchoes(deps);
  const sender = new OutboxSender(deps, remove);
  function forget(localId: string): void {
    sender.forget(localId);
    echoes.forget(localId);
  }
  function remove(localIds: readonly string[]): void {
    if (localIds.length === 0) return;
    localIds.forEach(forget);
    deps.store.getState().entriesRemoved(localIds);
    // The next entry of a conversation may go now.
    sender.pump();
  }
  const parts: OutboxParts = { deps, sender, echoes, forget, remove };
  return {
    ...entryOperations(parts),
    ...sessionOperations(parts),
    ...deliveryOperations({
      store: deps.store,
      isMessageKnown: deps.isMessageKnown,
      sender,
      remove,
    }),
  };
}
