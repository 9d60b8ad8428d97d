import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useSessionStore } from "../stores/session-store";

/**
 * `useQuery` for a cache the register snapshot seeds (users, streams, subscriptions, emoji,
 * groups, linkifiers, presence, settings, recent direct conversations): disabled until the
 * queue is registered, so a view that mounts before register answers stays pending instead of
 * fetching. Once registered, the snapshot has seeded it (no request at all), or an older
 * server's snapshot lacked the key and it is fetched then. From then on, refetches and event
 * invalidations work as with `useQuery`.
 */
export function useSnapshotQuery<
  TQueryFnData,
  TError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  // The embedded database answers one statement at a time: these reads (338 KB of users in the
  // huge demo) would queue register and the first narrow's fetch behind them on every load.
  const hasQueue = useSessionStore((session) => session.queueId !== null);
  return useQuery({ ...options, enabled: hasQueue });
}
