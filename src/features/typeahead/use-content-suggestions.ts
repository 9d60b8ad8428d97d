import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { UNICODE_EMOJI } from "../../../common/markdown/emoji-data";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import {
  emojiOptions,
  mentionOptions,
  streamOptions,
  topicOptions,
  type LinkableStream,
  type TypeaheadOption,
} from "./suggestions";
import type { Trigger } from "./trigger";

const NO_OPTIONS: readonly TypeaheadOption[] = [];

/** Subscribed streams first (in their order), then the other streams one can see. */
function linkableStreams(
  subscribed: readonly LinkableStream[] | undefined,
  visible: readonly LinkableStream[] | undefined,
): LinkableStream[] {
  const ids = new Set((subscribed ?? []).map((stream) => stream.stream_id));
  return [...(subscribed ?? []), ...(visible ?? []).filter((stream) => !ids.has(stream.stream_id))];
}

/**
 * The options for the typeahead `trigger` asks for (none for null), from the query caches the
 * register snapshot seeded. A `#stream>` topic typeahead fetches that stream's topics.
 */
export function useContentSuggestions(trigger: Trigger | null): readonly TypeaheadOption[] {
  const users = useSnapshotQuery(userQueries.list()).data;
  const groups = useSnapshotQuery(realmQueries.userGroups()).data;
  const subscribed = useSnapshotQuery(subscriptionQueries.list()).data;
  const visible = useSnapshotQuery(streamQueries.list()).data;
  const emoji = useSnapshotQuery(realmQueries.emoji()).data;
  const streams = useMemo(() => linkableStreams(subscribed, visible), [subscribed, visible]);
  const topicStream =
    trigger?.kind === "topic"
      ? streams.find((stream) => stream.name.toLowerCase() === trigger.streamName.toLowerCase())
      : undefined;
  const topics = useQuery({
    ...streamQueries.topics(topicStream?.stream_id ?? -1),
    enabled: topicStream !== undefined,
  }).data;

  return useMemo(() => {
    if (trigger === null) return NO_OPTIONS;
    switch (trigger.kind) {
      case "mention":
        return mentionOptions(trigger.query, trigger.silent, users ?? [], groups ?? []);
      case "stream":
        return streamOptions(trigger.query, streams);
      case "topic":
        return topicStream === undefined
          ? NO_OPTIONS
          : topicOptions(trigger.query, topicStream.name, topics ?? []);
      case "emoji":
        return emojiOptions(trigger.query, Object.values(emoji ?? {}), UNICODE_EMOJI);
    }
  }, [trigger, users, groups, streams, topicStream, topics, emoji]);
}
