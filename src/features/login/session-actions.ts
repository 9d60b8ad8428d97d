import type { QueryClient } from "@tanstack/react-query";
import { draftsActions } from "../../stores/drafts-store";
import { uiActions } from "../../stores/ui-store";
import { forgetChosenDestinations } from "../compose/use-compose";
import { messageActions } from "../../stores/message-store";
import { outboxActions } from "../../stores/outbox-store";
import { unreadActions } from "../../stores/unread-store";
import { forgetOfflineCache } from "../../offline-cache/cache-start";
import { type Credentials, type LoginOptions, sessionActions } from "../../stores/session-store";

/** Shown on the login page after the server refused our credentials. */
export const SESSION_ENDED_NOTICE = "Your session has ended. Please log in again.";

/** Forgets what is held in memory; the outbox and drafts stay in storage for the next login. */
function resetStores(): void {
  messageActions.reset();
  unreadActions.reset();
  outboxActions.reset();
  draftsActions.reset();
  forgetChosenDestinations();
  uiActions.selectMessage(null);
  uiActions.stopEditing();
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
  sessionActions.login(credentials, options);
}

/**
 * Logs out (this tab and this device) and forgets everything fetched, the offline cache too;
 * `notice` explains why, if it wasn't asked for.
 */
export function endSession(queryClient: QueryClient, notice?: string): void {
  forgetOfflineCache();
  sessionActions.logout(notice);
  resetStores();
  queryClient.clear();
}
