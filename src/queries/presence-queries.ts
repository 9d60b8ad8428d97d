import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { getRealmPresence, updatePresence } from "../api/presence";
import type {
  ClientPresence,
  Presences,
  SlimPresence,
  UserPresence,
} from "../../common/wire/presence";
import { sessionStore } from "../stores/session-store";

/** Everyone's presence: `presences` by email (legacy) or by user id (slim), and the server time. */
export interface RealmPresence {
  readonly presences: Presences;
  /** UNIX seconds (float) when the server answered; compare timestamps with this. */
  readonly server_timestamp: number;
}

/** Zulip's `server_presence_offline_threshold_seconds` default. */
export const OFFLINE_THRESHOLD_SECONDS = 200;
/** A client active this close to a user's newest report makes them active (Zulip's rule). */
const ACTIVE_WINDOW_SECONDS = 140;

/** Presence of the organisation's users. */
export const presenceQueries = {
  all: () => ["presence"] as const,
  /**
   * `GET realm/presence`. Seeded from the register snapshot, patched by `presence` events and
   * refreshed by `reportPresence`; presence ages, so it goes stale after a minute.
   */
  realm: () =>
    queryOptions({
      queryKey: [...presenceQueries.all(), "realm"] as const,
      queryFn: async ({ signal }): Promise<RealmPresence> => {
        const response = await getRealmPresence(sessionStore.getState().client, { signal });
        return { presences: response.presences, server_timestamp: response.server_timestamp };
      },
      staleTime: 60_000,
    }),
};

/**
 * Reports the caller's status (`POST users/me/presence`, every minute or so, as Zulip's clients
 * do) and stores everyone's presence from the answer. Rejects with the request's error.
 */
export async function reportPresence(
  queryClient: QueryClient,
  status: "active" | "idle",
  options: { newUserInput?: boolean | undefined } = {},
): Promise<void> {
  const response = await updatePresence(sessionStore.getState().client, {
    status,
    new_user_input: options.newUserInput,
  });
  const { presences, server_timestamp } = response;
  if (presences === undefined || server_timestamp === undefined) return;
  queryClient.setQueryData(presenceQueries.realm().queryKey, { presences, server_timestamp });
}

/** Whether an entry of `presences` is in the slim form. */
export function isSlimPresence(value: SlimPresence | UserPresence): value is SlimPresence {
  return typeof value["active_timestamp"] === "number";
}

/**
 * A user's legacy presence with one client's new report merged in, and `aggregated` recomputed
 * as the server does: the newest client, "active" if any client was active near it.
 */
export function mergeClientPresence(
  current: UserPresence | undefined,
  reports: Readonly<Record<string, ClientPresence>>,
): UserPresence {
  // Entries, not assignments: a client named `__proto__` must stay a plain key.
  const clients = [
    ...Object.entries(current ?? {}).filter(([name]) => !Object.hasOwn(reports, name)),
    ...Object.entries(reports),
  ].filter(([name]) => name !== "aggregated");
  let latest: ClientPresence | undefined;
  for (const [, entry] of clients) {
    if (latest === undefined || entry.timestamp > latest.timestamp) latest = entry;
  }
  if (latest === undefined) return Object.fromEntries(clients);
  const newest = latest;
  const isActive = clients.some(
    ([, entry]) =>
      entry.status === "active" && entry.timestamp >= newest.timestamp - ACTIVE_WINDOW_SECONDS,
  );
  const aggregated: ClientPresence = {
    client: newest.client,
    status: isActive ? "active" : "idle",
    timestamp: newest.timestamp,
  };
  const entries: [string, ClientPresence][] = [...clients, ["aggregated", aggregated]];
  return Object.fromEntries(entries);
}

/** A slim presence with new reports folded in (timestamps only move forward). */
export function mergeSlimPresence(
  current: SlimPresence | undefined,
  reports: Readonly<Record<string, ClientPresence>>,
): SlimPresence {
  let active = current?.active_timestamp ?? 0;
  let idle = current?.idle_timestamp ?? 0;
  for (const entry of Object.values(reports)) {
    if (entry.status === "active") active = Math.max(active, entry.timestamp);
    idle = Math.max(idle, entry.timestamp);
  }
  return { ...current, active_timestamp: active, idle_timestamp: idle };
}

/**
 * What to show for a user at `now` (UNIX seconds): their entry by email or by id, whichever form
 * the data is in; "offline" when absent or older than the threshold.
 */
export function presenceStatus(
  presences: Presences,
  user: { readonly user_id: number; readonly email: string },
  now: number,
  offlineThresholdSeconds = OFFLINE_THRESHOLD_SECONDS,
): "active" | "idle" | "offline" {
  const entry = ownEntry(presences, String(user.user_id)) ?? ownEntry(presences, user.email);
  if (entry === undefined) return "offline";
  const horizon = now - offlineThresholdSeconds;
  if (isSlimPresence(entry)) {
    if (entry.active_timestamp >= horizon) return "active";
    return entry.idle_timestamp >= horizon ? "idle" : "offline";
  }
  const aggregated = entry["aggregated"];
  if (aggregated === undefined || aggregated.timestamp < horizon) return "offline";
  return aggregated.status;
}

function ownEntry(presences: Presences, key: string): Presences[string] | undefined {
  return Object.hasOwn(presences, key) ? presences[key] : undefined;
}
