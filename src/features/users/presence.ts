import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { User } from "../../../common/wire/users";
import { presenceQueries, presenceStatus, reportPresence } from "../../queries/presence-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { useSessionStore } from "../../stores/session-store";

/** What the panel shows for a user. */
export type PresenceStatus = "active" | "idle" | "offline";

const STATUS_ORDER: Readonly<Record<PresenceStatus, number>> = { active: 0, idle: 1, offline: 2 };

/** "Active", "Idle", "Offline": the words beside the dot, also read by screen readers. */
export function presenceLabel(status: PresenceStatus): string {
  switch (status) {
    case "active":
      return "Active";
    case "idle":
      return "Idle";
    case "offline":
      return "Offline";
  }
}

/** Zulip's role values in words. */
export function roleName(user: Pick<User, "role">): string {
  switch (user.role) {
    case 100:
      return "Owner";
    case 200:
      return "Administrator";
    case 300:
      return "Moderator";
    case 600:
      return "Guest";
    default:
      return "Member";
  }
}

/**
 * The users the panel lists: active accounts only, matching `filter` (name or email, any case),
 * active first, then idle, then offline, each by name.
 */
export function usersForPanel(
  users: readonly User[],
  statusOf: (user: User) => PresenceStatus,
  filter: string,
): { user: User; status: PresenceStatus }[] {
  const needle = filter.trim().toLowerCase();
  return users
    .filter((user) => user.is_active !== false)
    .filter(
      (user) =>
        needle === "" ||
        user.full_name.toLowerCase().includes(needle) ||
        user.email.toLowerCase().includes(needle),
    )
    .map((user) => ({ user, status: statusOf(user) }))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        a.user.full_name.localeCompare(b.user.full_name),
    );
}

/** UNIX seconds, refreshed every 30 s: presence ages even when no event arrives. */
export function usePresenceClock(): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now() / 1000);
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

/** Everyone's presence as a lookup; "offline" while presence is unknown. */
export function usePresenceOf(): (user: Pick<User, "user_id" | "email">) => PresenceStatus {
  const presences = useSnapshotQuery(presenceQueries.realm()).data?.presences;
  const now = usePresenceClock();
  return useCallback(
    (user) => (presences === undefined ? "offline" : presenceStatus(presences, user, now)),
    [presences, now],
  );
}

const REPORT_EVERY_MS = 60_000;
/** Without a key press or a click for this long, the user is idle (Zulip's web app: 5 min). */
const IDLE_AFTER_MS = 5 * 60_000;

/**
 * Tells the server this user is here, as Zulip's clients do: once the queue is registered, then
 * every minute, and when the tab becomes visible again; "active" after recent input (or opening
 * the app), else "idle".
 */
export function usePresenceReporter(): void {
  const queryClient = useQueryClient();
  // Each report answers with everyone's presence: sent beside register, it would hold register
  // and the first narrow's fetch up on a server that answers one statement at a time. Zulip's
  // web app, too, first reports from `activity_ui.initialize`, after its register snapshot.
  const hasQueue = useSessionStore((session) => session.queueId !== null);
  useEffect(() => {
    if (!hasQueue) return;
    let lastInput = Date.now();
    let hadInput = true;
    const report = () => {
      const status = Date.now() - lastInput < IDLE_AFTER_MS ? "active" : "idle";
      reportPresence(queryClient, status, { newUserInput: hadInput }).catch(() => {
        // Presence is best effort: the next report will try again.
      });
      hadInput = false;
    };
    const onInput = () => {
      lastInput = Date.now();
      hadInput = true;
    };
    const onVisible = () => {
      if (document.hidden) return;
      onInput();
      report();
    };
    report();
    const timer = setInterval(report, REPORT_EVERY_MS);
    window.addEventListener("keydown", onInput, { passive: true });
    window.addEventListener("pointerdown", onInput, { passive: true });
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener("keydown", onInput);
      window.removeEventListener("pointerdown", onInput);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [queryClient, hasQueue]);
}
