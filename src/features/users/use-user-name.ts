import { useCallback, useMemo } from "react";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";

/** A function naming users by id (their full name, or "user 12" while unknown). */
export function useUserName(): (userId: number) => string {
  const users = useSnapshotQuery(userQueries.list()).data;
  const names = useMemo(
    () => new Map((users ?? []).map((user) => [user.user_id, user.full_name])),
    [users],
  );
  return useCallback((userId: number) => names.get(userId) ?? `user ${userId}`, [names]);
}
