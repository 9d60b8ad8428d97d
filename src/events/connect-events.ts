import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../api/client";
import type { UnauthorizedError } from "../api/errors";
import { deleteQueue, getEvents, registerQueue } from "../api/events";
import type { RenderContext } from "../../common/markdown/types";
import { applyEventToQueries, seedQueriesFromSnapshot } from "../queries/query-events";
import { draftsStore } from "../stores/drafts-store";
import { refreshOpenNarrows } from "../controllers/message-fetch";
import { messageStore } from "../stores/message-store";
import { outbox, setEchoRenderContext } from "../controllers/outbox";
import { uploads } from "../controllers/uploads";
import { sessionStore } from "../stores/session-store";
import { startCacheWriterLater } from "../offline-cache/cache-start";
import { unreadStore } from "../stores/unread-store";
import { applyEventBatch, applySnapshot, type ApplyTargets } from "./apply-events";
import type { Warn } from "./event-batch";
import { followTopicMove } from "./follow-moves";
import { createEventMachine } from "./event-machine";
import type { EventMachine } from "./event-machine-types";

/** What the connection needs besides the client. */
export interface EventTargets {
  queryClient: QueryClient;
  /** The server refused our credentials (the machine has stopped): back to the login page. */
  onUnauthorized(error: UnauthorizedError): void;
  /** Builds the echo's render context from the query caches (see `setEchoRenderContext`). */
  renderContext?: (() => RenderContext) | undefined;
}

const warn: Warn = (message, detail) => {
  console.warn(message, detail);
};

/** The app's stores and caches, as the event applier sees them. */
function appTargets(client: ApiClient, queryClient: QueryClient): ApplyTargets {
  return {
    queryClient,
    messages: () => messageStore.getState(),
    unreads: () => unreadStore.getState(),
    queueRegistered: (queueId) => {
      sessionStore.getState().queueRegistered(queueId);
    },
    ownUserId: () => sessionStore.getState().credentials?.userId,
    outbox,
    seedQueries: seedQueriesFromSnapshot,
    applyToQueries: applyEventToQueries,
    refreshOpenNarrows: () => refreshOpenNarrows(client),
    warn,
  };
}

/**
 * Starts the event machine for a logged-in client, with the user's outbox and drafts, and ties
 * it to the page: `online`, `visibilitychange` and waking from sleep retry at once; the queue is
 * deleted on `pagehide` and a new one registered if the page comes back from the bfcache.
 * Once the first view has painted, the offline cache's writer starts (`startCacheWriterLater`).
 * Returns a function that stops it all (the outbox keeps its entries and persisted copy).
 */
export function connectEvents(client: ApiClient, targets: EventTargets): () => void {
  const apply = appTargets(client, targets.queryClient);
  const machine: EventMachine = createEventMachine({
    api: {
      registerQueue: (params, options) => registerQueue(client, params, options),
      getEvents: (params, options) => getEvents(client, params, options),
      deleteQueue: (params) => deleteQueue(client, params),
    },
    handlers: {
      onRegistered: (snapshot, info) => {
        applySnapshot(apply, snapshot, info);
        uploads.limitReceived(snapshot.max_file_upload_size_mib);
      },
      onEvents: (batch) => {
        applyEventBatch(apply, batch);
        for (const update of batch.updates) followTopicMove(update, window.location);
      },
      onConnectionChange: (connection) => {
        sessionStore.getState().connectionChanged(connection);
      },
      onUnauthorized: (error) => {
        targets.onUnauthorized(error);
      },
    },
    network: window,
    page: document,
    warn,
  });
  if (targets.renderContext !== undefined) setEchoRenderContext(targets.renderContext);
  const owner = sessionStore.getState().credentials?.email;
  if (owner !== undefined) {
    outbox.start(owner);
    draftsStore.getState().sessionStarted(owner);
  }
  sessionStore.getState().connectionRetryProvided(() => {
    machine.retryNow();
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
  const stopCacheWriter = startCacheWriterLater(targets.queryClient);
  return () => {
    stopCacheWriter();
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
    sessionStore.getState().connectionRetryProvided(null);
    outbox.stop();
    machine.stop();
  };
}
