import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../api/client";
import type { UnauthorizedError } from "../api/errors";
import { deleteQueue, getEvents, registerQueue } from "../api/events";
import type { RegisterResponse } from "../api/types/register";
import { subscriptionQueries } from "../queries/subscription-queries";
import { messageStore } from "../stores/message-store";
import { sessionStore } from "../stores/session-store";
import type { EventBatch } from "./event-batch";
import { createEventMachine, type EventMachine, type EventMachineHandlers } from "./event-machine";

/** The stores and caches the events are applied to. */
export interface EventTargets {
  queryClient: QueryClient;
  onUnauthorized(error: UnauthorizedError): void;
}

/** Puts a register snapshot into the stores; on a resync, marks every narrow for refetching. */
export function applySnapshot(
  queryClient: QueryClient,
  snapshot: RegisterResponse,
  { isResync }: { isResync: boolean },
): void {
  if (snapshot.subscriptions !== undefined) {
    queryClient.setQueryData(subscriptionQueries.list().queryKey, snapshot.subscriptions);
  }
  if (isResync) messageStore.getState().eventQueueReplaced();
  sessionStore.getState().queueRegistered(snapshot.queue_id);
}

/** Applies one validated batch: messages first, in id order (later event kinds go after). */
export function applyEvents(batch: EventBatch): void {
  const store = messageStore.getState();
  for (const event of batch.messages) store.messageReceived(event.message, event.flags);
}

function handlersFor(targets: EventTargets): EventMachineHandlers {
  return {
    onRegistered: (snapshot, info) => {
      applySnapshot(targets.queryClient, snapshot, info);
    },
    onEvents: applyEvents,
    onConnectionChange: (state) => {
      sessionStore.getState().connectionChanged(state);
    },
    onUnauthorized: (error) => {
      targets.onUnauthorized(error);
    },
  };
}

/**
 * Starts the event machine for a logged-in client and ties it to the page lifecycle: the queue
 * is deleted on `pagehide` and a new one registered if the page comes back from the bfcache.
 * Returns a function that stops it all.
 */
export function connectEvents(client: ApiClient, targets: EventTargets): () => void {
  const machine: EventMachine = createEventMachine({
    api: {
      registerQueue: (params, options) => registerQueue(client, params, options),
      getEvents: (params, options) => getEvents(client, params, options),
      deleteQueue: (params) => deleteQueue(client, params),
    },
    handlers: handlersFor(targets),
  });
  const onPageHide = () => {
    machine.stop();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) machine.start();
  };
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
  machine.start();
  return () => {
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
    machine.stop();
  };
}
