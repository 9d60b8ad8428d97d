import type { QueryClient } from "@tanstack/react-query";
import { draftsStore } from "../../stores/drafts-store";
import { uiStore } from "../../stores/ui-store";
import { forgetChosenDestinations } from "../compose/use-compose";
import { messageStore } from "../../stores/message-store";
import { outboxStore } from "../../stores/outbox-store";
import { unreadStore } from "../../stores/unread-store";
import { sessionStore, type Credentials, type LoginOptions } from "../../stores/session-store";

/** Shown on the login page after the server refused our credentials. */
export const SESSION_ENDED_NOTICE = "Your session has ended. Please log in again.";

/** Forgets what is held in memory; the outbox and drafts stay in storage for the next login. */
function resetStores(): void {
  messageStore.getState().reset();
  unreadStore.getState().reset();
  outboxStore.getState().reset();
  draftsStore.getState().reset();
  forgetChosenDestinations();
  uiStore.getState().selectMessage(null);
  uiStore.getState().stopEditing();
}

/**
 * Logs in this tab (and, with `remember`, this device): nothing of a previous session may leak
 * into the new one.
 */
export function startSession(
  queryClient: QueryClient,
  credentials: Credentials,
  options: LoginOptions = {},
): void {
  resetStores();
  queryClient.clear();
  sessionStore.getState().login(credentials, options);
}

/** Logs out (this tab and this device) and forgets everything fetched; `notice` explains why, if it wasn't asked for. */
export function endSession(queryClient: QueryClient, notice?: string): void {
  sessionStore.getState().logout(notice);
  resetStores();
  queryClient.clear();
}
