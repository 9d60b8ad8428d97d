import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import type { Message } from "../../common/wire/message";
import { unreadMessagesSchema } from "../../common/wire/register";
import { userTopicSchema } from "../../common/wire/user-topics";
import { narrowFromHash, narrowToHash } from "../lib/narrow";
import { conversationQueries } from "../queries/conversation-queries";
import { realmQueries } from "../queries/realm-queries";
import { settingsQueries } from "../queries/settings-queries";
import { streamQueries } from "../queries/stream-queries";
import { subscriptionQueries } from "../queries/subscription-queries";
import { userQueries } from "../queries/user-queries";
import type { RestoredNarrow } from "../stores/message-restore";
import type { Muting } from "../stores/muting";
import { withinBudget } from "./cache-budget";

/**
 * The query caches the register snapshot seeds (`seedQueriesFromSnapshot`), which the first view
 * needs: saved as they are at save time, events since register included. Not presence: an old
 * one would show people as active who are not; it comes with register.
 */
const SAVED_QUERY_KEYS: readonly QueryKey[] = [
  subscriptionQueries.list().queryKey,
  streamQueries.list().queryKey,
  userQueries.list().queryKey,
  conversationQueries.recent().queryKey,
  realmQueries.emoji().queryKey,
  realmQueries.userGroups().queryKey,
  realmQueries.linkifiers().queryKey,
  realmQueries.moveRules().queryKey,
  settingsQueries.user().queryKey,
];

const savedNarrowSchema = z.object({
  /** `narrowToHash`: read back by `narrowFromHash`, which checks it. */
  hash: z.string(),
  ids: z.array(z.number().int()),
  found_oldest: z.boolean(),
});

/** Everything the cache keeps but the messages (those are in chunks by id). */
export const cacheStateSchema = z.object({
  ownUserId: z.number().int(),
  /** [JSON of the query key, its data]; only `SAVED_QUERY_KEYS` are restored. */
  queries: z.array(z.tuple([z.string(), z.unknown()])),
  unreads: unreadMessagesSchema,
  mutedStreams: z.array(z.number().int()),
  userTopics: z.array(userTopicSchema),
  narrows: z.array(savedNarrowSchema),
});
export type CacheState = z.infer<typeof cacheStateSchema>;

/** A narrow as the stores hold it, for saving. */
interface HeldNarrow {
  readonly narrow: RestoredNarrow["narrow"];
  readonly ids: readonly number[];
  readonly found_oldest: boolean;
}

/** What one save writes: the state record, and the messages to keep by id. */
export interface CacheContents {
  readonly state: CacheState;
  readonly messages: ReadonlyMap<number, Message>;
}

/** What a save reads from the app, injected so tests build it from their own stores. */
export interface CacheSources {
  readonly ownUserId: number;
  readonly queryClient: QueryClient;
  readonly narrows: readonly HeldNarrow[];
  readonly message: (id: number) => Message | undefined;
  readonly unreads: z.infer<typeof unreadMessagesSchema>;
  readonly muting: Muting;
}

/** Builds what is saved now, within the budget (`withinBudget`). */
export function collectContents(sources: CacheSources): CacheContents {
  const { narrows, ids } = withinBudget(sources.narrows);
  const messages = new Map<number, Message>();
  for (const id of ids) {
    const message = sources.message(id);
    if (message !== undefined) messages.set(id, message);
  }
  const queries: [string, unknown][] = [];
  for (const key of SAVED_QUERY_KEYS) {
    const data = sources.queryClient.getQueryData(key);
    if (data !== undefined) queries.push([JSON.stringify(key), data]);
  }
  const userTopics: CacheState["userTopics"] = [];
  for (const [streamId, topics] of sources.muting.policies) {
    for (const [topic, policy] of topics) {
      userTopics.push({
        stream_id: streamId,
        topic_name: topic,
        last_updated: 0,
        visibility_policy: policy,
      });
    }
  }
  return {
    state: {
      ownUserId: sources.ownUserId,
      queries,
      unreads: sources.unreads,
      mutedStreams: [...sources.muting.mutedStreams],
      userTopics,
      narrows: narrows.map(({ narrow, ids: kept, found_oldest }) => ({
        hash: narrowToHash(narrow),
        ids: kept.filter((id) => messages.has(id)),
        found_oldest,
      })),
    },
    messages,
  };
}

/** The saved narrows that still parse, in the message store's terms. */
export function restoredNarrows(state: CacheState): RestoredNarrow[] {
  return state.narrows.flatMap(({ hash, ids, found_oldest }) => {
    const narrow = narrowFromHash(hash);
    return narrow === undefined || narrow.kind === "search" ? [] : [{ narrow, ids, found_oldest }];
  });
}

/** The saved query caches of the keys we save, for `setQueryData`. */
export function restoredQueries(state: CacheState): [QueryKey, unknown][] {
  const known = new Map(SAVED_QUERY_KEYS.map((key) => [JSON.stringify(key), key]));
  return state.queries.flatMap(([json, data]) => {
    const key = known.get(json);
    return key === undefined ? [] : [[key, data]];
  });
}
