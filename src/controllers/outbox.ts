import { sendMessage } from "../api/messages";
import { EMPTY_RENDER_CONTEXT, type RenderContext } from "../../common/markdown/types";
import { browserLocalStorage } from "../lib/stored-json";
import { realSetTimer } from "../lib/timer";
import { getMessage, messageStore } from "../stores/message-store";
import { outboxStore, type OutboxDestination, type OutboxEntry } from "../stores/outbox-store";
import { sessionStore } from "../stores/session-store";
import { loadEchoRendererWhenIdle, type EchoSender } from "./echo-render";
import { createLocalId } from "./local-id";
import { createOutboxController, type OutboxController } from "./outbox-controller";

let renderContextProvider: () => RenderContext = () => EMPTY_RENDER_CONTEXT;

/**
 * Where echoes get the organisation's users, streams, emoji, linkifiers and groups from (the
 * query caches; the app wires it). Until set, echoes render without them.
 */
export function setEchoRenderContext(provider: () => RenderContext): void {
  renderContextProvider = provider;
}

function ownSender(): EchoSender | undefined {
  const credentials = sessionStore.getState().credentials;
  if (credentials === null) return undefined;
  const me = renderContextProvider().users.find((user) => user.id === credentials.userId);
  return {
    userId: credentials.userId,
    email: credentials.email,
    fullName: me?.full_name ?? credentials.email,
    avatarUrl: null,
  };
}

/** The app's outbox logic, wired to the session, the message store and `localStorage`. */
export const outbox: OutboxController = createOutboxController({
  store: outboxStore,
  send: (params) => sendMessage(sessionStore.getState().client, params),
  queueId: () => sessionStore.getState().queueId,
  sender: ownSender,
  renderContext: () => renderContextProvider(),
  loadRenderer: loadEchoRendererWhenIdle,
  isMessageKnown: (messageId) => getMessage(messageStore.getState(), messageId) !== undefined,
  requestEventPoll: () => {
    sessionStore.getState().retryConnectionNow();
  },
  storage: browserLocalStorage(),
  createLocalId,
  now: () => Date.now(),
  setTimer: realSetTimer,
  random: Math.random,
  network: typeof window === "undefined" ? undefined : window,
  // The event machine's view: a server back from a restart fires no `online`.
  watchReconnection: (onReconnected) =>
    sessionStore.subscribe((state, previous) => {
      if (state.connectionState === "live" && previous.connectionState !== "live") {
        onReconnected();
      }
    }),
  warn: (message, detail) => {
    console.warn(message, detail);
  },
});

// A fetch can deliver an accepted message whose event we missed (e.g. across a resync).
messageStore.subscribe(() => {
  if (outboxStore.getState().entries.some((entry) => entry.status === "sent")) {
    outbox.pruneDelivered();
  }
});

/**
 * Sends a message through the outbox: it shows at once as a local echo, carries `queue_id` and a
 * unique `local_id` (the same on every retry, so the server can't post it twice), and is retried
 * by itself after transient failures. Returns its local id.
 */
export function queueMessage(destination: OutboxDestination, content: string): string {
  return outbox.queue(destination, content);
}

/** Sends a failed (or waiting) entry again now. */
export function retrySend(localId: string): void {
  outbox.retry(localId);
}

/** Drops a failed or retrying entry and returns it, so its text can go back to the compose box. */
export function cancelSend(localId: string): OutboxEntry | undefined {
  return outbox.cancel(localId);
}
