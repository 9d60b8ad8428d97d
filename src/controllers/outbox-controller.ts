import type { StoreApi } from "zustand/vanilla";
import { ApiError, NetworkError, RateLimitedError, TimeoutError } from "../api/errors";
import type { SendMessageParams } from "../api/messages";
import type { SendMessageResponse } from "../../common/wire/responses";
import { createBackoff, type Backoff } from "../lib/backoff";
import type { SetTimer } from "../lib/timer";
import type { RenderContext } from "../../common/markdown/types";
import { buildEcho, type EchoRenderer, type EchoSender } from "./echo-render";
import { readOutbox, restoredStatus, toPersisted, writeOutbox } from "./outbox-persist";
import type { KeyValueStorage } from "../lib/stored-json";
import {
  findOutboxEntry,
  type OutboxDestination,
  type OutboxEntry,
  type OutboxState,
} from "../stores/outbox-store";

/** Zulip web's send watchdog: accepted but no event after this long → poll again at once. */
export const SEND_WATCHDOG_MS = 5000;

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
  warn: (message: string, detail?: unknown) => void;
}

/** The outbox's behaviour: sending, retrying, matching, persistence. */
export interface OutboxController {
  /** Puts a message in the outbox (shown at once) and sends it. Returns its local id. */
  queue(destination: OutboxDestination, content: string): string;
  /** Sends a failed or retrying entry again now, with the same local id. */
  retry(localId: string): void;
  /** Drops a failed or retrying entry and returns it (for the compose box); else undefined. */
  cancel(localId: string): OutboxEntry | undefined;
  /** A session for `owner`: restores their persisted outbox (unless already held) and listens. */
  start(owner: string): void;
  /** Stops timers and listeners; entries and in-flight requests stay. */
  stop(): void;
  /** An event queue exists: entries not yet sent (restored ones, say) are sent now. */
  queueRegistered(): void;
  /** Message events arrived: entries matching by local id or message id are delivered. */
  messagesArrived(arrived: readonly { messageId: number; localId: string | undefined }[]): void;
  /** The message store changed: accepted entries whose message it now holds are delivered. */
  pruneDelivered(): void;
}

/** Failures worth retrying unasked: the request may not have reached, or the server is busy. */
function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  return error instanceof ApiError && (error.status === 429 || error.status >= 500);
}

function paramsFor(entry: OutboxEntry, queueId: string | null): SendMessageParams {
  const where =
    entry.destination.type === "stream"
      ? { type: "stream" as const, to: entry.destination.streamId, topic: entry.destination.topic }
      : { type: "direct" as const, to: entry.destination.userIds };
  return {
    ...where,
    content: entry.content,
    queue_id: queueId ?? undefined,
    local_id: entry.localId,
    // Zulip marks a message read for its sender only for clients it knows (FL 236 made it a
    // parameter); our own messages must not count as unread.
    read_by_sender: true,
  };
}

/** Creates the outbox logic over a store; see `OutboxController`. */
export function createOutboxController(deps: OutboxDeps): OutboxController {
  const { store } = deps;
  const inFlight = new Set<string>();
  const retryTimers = new Map<string, () => void>();
  const watchdogs = new Map<string, () => void>();
  const backoffs = new Map<string, Backoff>();
  const plainEchoes = new Set<string>();
  let renderer: EchoRenderer | undefined;
  let nextEchoId = -1;
  let stopListening: (() => void) | undefined;

  const entry = (localId: string) => findOutboxEntry(store.getState(), localId);
  const clearTimer = (timers: Map<string, () => void>, localId: string) => {
    timers.get(localId)?.();
    timers.delete(localId);
  };
  const forget = (localId: string) => {
    clearTimer(retryTimers, localId);
    clearTimer(watchdogs, localId);
    backoffs.delete(localId);
    plainEchoes.delete(localId);
  };

  function echoFor(
    localId: string,
    destination: OutboxDestination,
    content: string,
    createdAt: number,
  ) {
    const sender = deps.sender();
    if (sender === undefined) throw new Error("Cannot send a message while logged out");
    if (renderer === undefined) plainEchoes.add(localId);
    const echoId = nextEchoId--;
    const context = deps.renderContext();
    return buildEcho({ echoId, destination, content, sender, context, renderer, createdAt });
  }

  function rerenderPlainEchoes(): void {
    for (const localId of plainEchoes) {
      const current = entry(localId);
      plainEchoes.delete(localId);
      if (current === undefined) continue;
      const { echo } = current;
      const rerendered = echoFor(localId, current.destination, current.content, current.createdAt);
      store.getState().echoRendered(localId, { ...rerendered, id: echo.id });
    }
  }

  function send(localId: string): void {
    const current = entry(localId);
    if (current === undefined || inFlight.has(localId) || current.status === "sent") return;
    clearTimer(retryTimers, localId);
    inFlight.add(localId);
    store.getState().sendStarted(localId);
    deps.send(paramsFor(current, deps.queueId())).then(
      (response) => {
        inFlight.delete(localId);
        accepted(localId, response.id);
      },
      (error: unknown) => {
        inFlight.delete(localId);
        failed(localId, error);
      },
    );
  }

  function accepted(localId: string, messageId: number): void {
    backoffs.delete(localId);
    // Already delivered by its event, or cancelled meanwhile: nothing to show.
    if (entry(localId) === undefined) return;
    if (deps.isMessageKnown(messageId)) {
      forget(localId);
      store.getState().entriesRemoved([localId]);
      return;
    }
    store.getState().sendAccepted(localId, messageId);
    const cancel = deps.setTimer(() => {
      watchdogs.delete(localId);
      const current = entry(localId);
      if (current?.status === "sent" && !deps.isMessageKnown(messageId)) deps.requestEventPoll();
    }, SEND_WATCHDOG_MS);
    watchdogs.set(localId, cancel);
  }

  function failed(localId: string, error: unknown): void {
    if (entry(localId) === undefined) return;
    const text = error instanceof Error ? error.message : String(error);
    if (!isTransient(error)) {
      backoffs.delete(localId);
      store.getState().sendFailed(localId, text);
      return;
    }
    let backoff = backoffs.get(localId);
    if (backoff === undefined) {
      backoff = createBackoff({ random: deps.random });
      backoffs.set(localId, backoff);
    }
    let delay = backoff.next();
    if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
      delay = Math.max(delay, error.retryAfterMs);
    }
    store.getState().retryScheduled(localId, deps.now() + delay, text);
    retryTimers.set(
      localId,
      deps.setTimer(() => {
        retryTimers.delete(localId);
        send(localId);
      }, delay),
    );
  }

  function restore(owner: string): OutboxEntry[] {
    return readOutbox(deps.storage, owner, deps.warn).flatMap((saved) => {
      try {
        const echo = echoFor(saved.localId, saved.destination, saved.content, saved.createdAt);
        return [{ ...saved, ...restoredStatus(saved, deps.now()), echo }];
      } catch (error) {
        deps.warn("Dropping a stored outbox entry", error);
        return [];
      }
    });
  }

  function persist(state: OutboxState, previous: OutboxState): void {
    if (state.owner === null || state.entries === previous.entries) return;
    writeOutbox(deps.storage, state.owner, toPersisted(state.entries));
  }

  function onOnline(): void {
    for (const item of store.getState().entries) {
      if (item.status !== "retrying") continue;
      backoffs.delete(item.localId);
      send(item.localId);
    }
  }

  return {
    queue(destination, content) {
      const localId = deps.createLocalId();
      const createdAt = deps.now();
      store.getState().messageQueued({
        localId,
        destination,
        content,
        echo: echoFor(localId, destination, content, createdAt),
        status: "sending",
        messageId: null,
        error: null,
        nextRetryAt: null,
        createdAt,
      });
      send(localId);
      return localId;
    },

    retry(localId) {
      const current = entry(localId);
      if (current?.status === "failed" || current?.status === "retrying") send(localId);
    },

    cancel(localId) {
      const current = entry(localId);
      if (current?.status !== "failed" && current?.status !== "retrying") return undefined;
      forget(localId);
      store.getState().entriesRemoved([localId]);
      return current;
    },

    start(owner) {
      stopListening?.();
      if (store.getState().owner !== owner) {
        for (const item of store.getState().entries) forget(item.localId);
        store.getState().sessionLoaded(owner, restore(owner));
      }
      const unsubscribe = store.subscribe(persist);
      deps.network?.addEventListener("online", onOnline);
      stopListening = () => {
        unsubscribe();
        deps.network?.removeEventListener("online", onOnline);
      };
      deps.loadRenderer().then(
        (loaded) => {
          renderer = loaded;
          rerenderPlainEchoes();
        },
        (error: unknown) => {
          deps.warn("The Markdown renderer did not load; echoes stay plain text", error);
        },
      );
    },

    stop() {
      stopListening?.();
      stopListening = undefined;
      for (const cancel of retryTimers.values()) cancel();
      retryTimers.clear();
    },

    queueRegistered() {
      for (const item of store.getState().entries) {
        const isWaiting = item.status === "sending" || item.status === "retrying";
        if (isWaiting && !inFlight.has(item.localId) && !retryTimers.has(item.localId)) {
          send(item.localId);
        }
      }
    },

    messagesArrived(arrived) {
      const localIds = new Set(arrived.flatMap((item) => item.localId ?? []));
      const messageIds = new Set(arrived.map((item) => item.messageId));
      const delivered = store
        .getState()
        .entries.filter(
          (item) =>
            localIds.has(item.localId) ||
            (item.messageId !== null && messageIds.has(item.messageId)),
        )
        .map((item) => item.localId);
      if (delivered.length === 0) return;
      delivered.forEach(forget);
      store.getState().entriesRemoved(delivered);
    },

    pruneDelivered() {
      const delivered = store
        .getState()
        .entries.filter((item) => item.messageId !== null && deps.isMessageKnown(item.messageId))
        .map((item) => item.localId);
      if (delivered.length === 0) return;
      delivered.forEach(forget);
      store.getState().entriesRemoved(delivered);
    },
  };
}
