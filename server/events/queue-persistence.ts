import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { QueueSnapshot } from "./event-queue";
import type { QueueRegistry } from "./queue-registry";

/** Where the queues of a data folder are saved, as Zulip's Tornado dumps them on shutdown. */
export function queueFileOf(dataDir: string): string {
  return join(dataDir, "event-queues.json");
}

const FORMAT_VERSION = 1;

const snapshotSchema = z.object({
  id: z.string().min(1),
  userId: z.number().int(),
  options: z.object({
    eventTypes: z.array(z.string()).nullable(),
    applyMarkdown: z.boolean(),
    clientGravatar: z.boolean(),
    allPublicStreams: z.boolean(),
    narrow: z.array(z.tuple([z.string(), z.string()])),
    capabilities: z.record(z.string(), z.boolean()),
    lifespanMs: z.number().positive(),
    clientName: z.string(),
  }),
  events: z.array(z.looseObject({ id: z.number().int(), type: z.string() })),
  nextEventId: z.number().int().nonnegative(),
  newestPrunedId: z.number().int().min(-1),
  lastConnectionTime: z.number(),
});

const fileSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  savedAt: z.number(),
  queues: z.array(snapshotSchema),
});

type SavedSnapshot = z.infer<typeof snapshotSchema>;

function toSaved(snapshot: QueueSnapshot): SavedSnapshot {
  const { eventTypes } = snapshot.options;
  return {
    ...snapshot,
    options: {
      ...snapshot.options,
      eventTypes: eventTypes === null ? null : [...eventTypes],
      narrow: snapshot.options.narrow.map(([operator, operand]) => [operator, operand]),
    },
  };
}

function fromSaved(saved: SavedSnapshot): QueueSnapshot {
  return {
    ...saved,
    options: {
      ...saved.options,
      eventTypes: saved.options.eventTypes === null ? null : new Set(saved.options.eventTypes),
    },
  };
}

/**
 * Writes every queue of `registry` (options, unacknowledged events, counters, last connection
 * time) to `file`. The write is atomic: a temporary file renamed over the old one, so a crash
 * mid-write leaves either the old file or the new one, never half of one. Call it after the
 * registry is stopped and the server closed, so no event can be published after the save.
 */
export async function saveQueues(
  registry: QueueRegistry,
  file: string,
  now: number,
): Promise<number> {
  const queues = registry.snapshot().map(toSaved);
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(temporary, JSON.stringify({ version: FORMAT_VERSION, savedAt: now, queues }));
  await rename(temporary, file);
  return queues.length;
}

/** What `restoreQueues` found: how many queues it restored, no file, or a file it could not use. */
export type RestoreOutcome =
  | { status: "restored"; count: number }
  | { status: "missing" }
  | { status: "corrupt"; reason: string };

/**
 * Restores the queues saved in `file` into `registry`. The file is renamed to `<file>.last`
 * once read, so the same state is never restored twice. A missing or corrupt file restores
 * nothing: clients then get `BAD_EVENT_QUEUE_ID` and re-register, as after a Zulip restart
 * that lost its dump.
 */
export async function restoreQueues(
  registry: QueueRegistry,
  file: string,
): Promise<RestoreOutcome> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") {
      return { status: "missing" };
    }
    return { status: "corrupt", reason: error instanceof Error ? error.message : String(error) };
  }
  await rename(file, `${file}.last`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { status: "corrupt", reason: error instanceof Error ? error.message : String(error) };
  }
  const result = fileSchema.safeParse(parsed);
  if (!result.success) {
    return { status: "corrupt", reason: result.error.issues[0]?.message ?? "invalid format" };
  }
  const consistent = result.data.queues.filter((queue) =>
    queue.events.every((event) => event.id < queue.nextEventId),
  );
  return { status: "restored", count: registry.restore(consistent.map(fromSaved)) };
}
