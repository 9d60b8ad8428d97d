import {
  allMessagesNarrow,
  dmNarrow,
  dmsNarrow,
  mentionsNarrow,
  narrowKey,
  searchNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
  type Narrow,
} from "../../lib/narrow";
import type { Draft } from "../../stores/drafts-store";

/** One draft of the drafts view. */
export interface DraftRow {
  /** The drafts store's key (`narrowKey` of the narrow the draft was written in). */
  readonly key: string;
  /** Where restoring it goes: the narrow whose compose box holds it. */
  readonly narrow: Narrow | undefined;
  /** "#general > lunch", "To: Iago, Othello", "All messages". */
  readonly destination: string;
  readonly content: string;
  /** `Date.now()` of its last change. */
  readonly updatedAt: number;
}

/** What the rows need to name streams and people. */
export interface DraftLookups {
  readonly streamName: (streamId: number) => string;
  readonly userName: (userId: number) => string;
}

function streamDestination(name: string, topic: string): string {
  return topic.trim() === "" ? `#${name}` : `#${name} > ${topic}`;
}

/** The narrow of a drafts store key (the inverse of `narrowKey`), if it is one. */
function narrowOfKey(key: string, draft: Draft, lookups: DraftLookups): Narrow | undefined {
  const colon = key.indexOf(":");
  const kind = colon === -1 ? key : key.slice(0, colon);
  const rest = colon === -1 ? "" : key.slice(colon + 1);
  switch (kind) {
    case "all":
      return allMessagesNarrow();
    case "mentions":
      return mentionsNarrow();
    case "starred":
      return starredNarrow();
    case "dms":
      return dmsNarrow();
    case "search":
      return searchNarrow(rest);
    case "stream": {
      const streamId = Number(rest);
      return Number.isInteger(streamId) && rest !== ""
        ? streamNarrow(streamId, lookups.streamName(streamId))
        : undefined;
    }
    case "topic": {
      const match = /^(\d+):(.*)$/s.exec(rest);
      if (match === null) return undefined;
      const streamId = Number(match[1]);
      const lower = match[2] ?? "";
      // The key lowercases the topic; the draft keeps it as written.
      const topic = draft.topic.toLowerCase() === lower ? draft.topic : lower;
      return topicNarrow(streamId, lookups.streamName(streamId), topic);
    }
    case "dm": {
      const ids = rest.split(",").map(Number);
      return rest !== "" && ids.every(Number.isInteger) ? dmNarrow(ids) : undefined;
    }
    default:
      return undefined;
  }
}

function destinationOf(narrow: Narrow | undefined, draft: Draft, lookups: DraftLookups): string {
  switch (narrow?.kind) {
    case undefined:
      return "Unknown destination";
    case "stream":
      return streamDestination(narrow.streamName, draft.topic);
    case "topic":
      return streamDestination(narrow.streamName, narrow.topic);
    case "dm":
      return `To: ${narrow.userIds.map(lookups.userName).join(", ")}`;
    case "all":
      return draft.topic.trim() === "" ? "All messages" : `All messages, topic ${draft.topic}`;
    case "mentions":
      return "Mentions";
    case "dms":
      return "Direct message feed";
    case "starred":
      return "Starred messages";
    case "search":
      return `Search: ${narrow.query}`;
  }
}

/**
 * The drafts, newest first, each with the narrow it was written in (restoring it opens that
 * narrow, whose compose box holds it) and a destination to show. A key that names no narrow
 * (from another version) is listed without one, so that it can still be deleted.
 */
export function draftRows(
  drafts: Readonly<Record<string, Draft>>,
  lookups: DraftLookups,
): DraftRow[] {
  return Object.entries(drafts)
    .map(([key, draft]): DraftRow => {
      const narrow = narrowOfKey(key, draft, lookups);
      // Restoring must open the very compose box the draft is stored for.
      const restorable = narrow !== undefined && narrowKey(narrow) === key ? narrow : undefined;
      return {
        key,
        narrow: restorable,
        destination: destinationOf(restorable, draft, lookups),
        content: draft.content,
        updatedAt: draft.updatedAt,
      };
    })
    .sort((a, b) => b.updatedAt - a.updatedAt);
}
