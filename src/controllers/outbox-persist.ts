import { z } from "zod";
import { readStoredJson, writeStoredJson, type KeyValueStorage } from "../lib/stored-json";
import type { OutboxEntry, OutboxState } from "../stores/outbox-store";
import type { EchoMaker } from "./outbox-echoes";

/** Unsent messages older than this are not sent by themselves after a reload; they wait as failed. */
export const STALE_OUTBOX_MS = 24 * 60 * 60 * 1000;

const destinationSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("stream"),
    streamId: z.number().int(),
    streamName: z.string(),
    topic: z.string(),
  }),
  z.object({ type: z.literal("direct"), userIds: z.array(z.number().int()).min(1).readonly() }),
]);

/** What survives a reload of one unsent message: enough to rebuild its echo and send it again. */
const persistedOutboxEntrySchema = z.object({
  localId: z.string().min(1),
  destination: destinationSchema,
  content: z.string(),
  status: z.enum(["sending", "retrying", "failed"]),
  error: z.string().nullable(),
  createdAt: z.number(),
});
/** One persisted outbox entry (the echo is rebuilt, never stored). */
export type PersistedOutboxEntry = z.infer<typeof persistedOutboxEntrySchema>;

const persistedOutboxSchema = z.object({ version: z.literal(1), entries: z.array(z.unknown()) });

/** The storage key of a user's outbox. */
export function outboxStorageKey(owner: string): string {
  return `parley.outbox.${owner}`;
}

/**
 * The user's persisted outbox. Each entry is validated on its own: bad ones are dropped (and
 * reported), good ones kept, and a corrupt store reads as empty. Never throws.
 */
export function readOutbox(
  storage: KeyValueStorage | undefined,
  owner: string,
  warn: (message: string, detail?: unknown) => void,
): PersistedOutboxEntry[] {
  const raw = readStoredJson(storage, outboxStorageKey(owner));
  if (raw === undefined) return [];
  const outbox = persistedOutboxSchema.safeParse(raw);
  if (!outbox.success) {
    warn("Ignoring an unreadable stored outbox", outbox.error);
    return [];
  }
  const entries: PersistedOutboxEntry[] = [];
  for (const item of outbox.data.entries) {
    const entry = persistedOutboxEntrySchema.safeParse(item);
    if (entry.success) entries.push(entry.data);
    else warn("Dropping an unreadable stored outbox entry", entry.error);
  }
  return entries;
}

/** Stores the user's unsent messages (removes the key when there are none). */
function writeOutbox(
  storage: KeyValueStorage | undefined,
  owner: string,
  entries: readonly PersistedOutboxEntry[],
): void {
  writeStoredJson(
    storage,
    outboxStorageKey(owner),
    entries.length === 0 ? undefined : { version: 1, entries },
  );
}

/** What is stored of the entries: the unsent ones, without their echo. */
function toPersisted(entries: readonly OutboxEntry[]): PersistedOutboxEntry[] {
  return entries.flatMap(({ localId, destination, content, createdAt, error, status }) =>
    status === "sent" ? [] : [{ localId, destination, content, createdAt, error, status }],
  );
}

/**
 * How a restored entry starts: pending ones are sent again (as `sending`) once a queue exists,
 * unless they are stale; failed ones stay failed.
 */
function restoredStatus(
  saved: PersistedOutboxEntry,
  now: number,
): Pick<OutboxEntry, "status" | "error" | "messageId" | "nextRetryAt"> {
  const isStale = now - saved.createdAt > STALE_OUTBOX_MS;
  return {
    status: saved.status === "failed" || isStale ? "failed" : "sending",
    error: isStale ? "Not sent before the page was closed" : saved.error,
    messageId: null,
    nextRetryAt: null,
  };
}

/**
 * `owner`'s persisted outbox as entries again, each with a new echo and its restored status.
 * An entry whose echo cannot be made is dropped (and reported).
 */
export function restoreEntries(
  storage: KeyValueStorage | undefined,
  owner: string,
  options: {
    now: () => number;
    echoFor: EchoMaker;
    warn: (message: string, detail?: unknown) => void;
  },
): OutboxEntry[] {
  return readOutbox(storage, owner, options.warn).flatMap((saved) => {
    try {
      const echo = options.echoFor(
        saved.localId,
        saved.destination,
        saved.content,
        saved.createdAt,
      );
      return [{ ...saved, ...restoredStatus(saved, options.now()), echo }];
    } catch (error) {
      options.warn("Dropping a stored outbox entry", error);
      return [];
    }
  });
}

/** A store listener that saves the owner's unsent entries whenever the entries change. */
export function persistChanges(
  storage: KeyValueStorage | undefined,
): (state: OutboxState, previous: OutboxState) => void {
  return (state, previous) => {
    if (state.owner === null || state.entries === previous.entries) return;
    writeOutbox(storage, state.owner, toPersisted(state.entries));
  };
}
