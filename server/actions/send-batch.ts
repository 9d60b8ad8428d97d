import { unixSeconds } from "../clock";
import { claimAttachments, mayLinkUploads, publishAttachments } from "./attachments";
import type { AppContext } from "../context";
import type { Database, Queryable } from "../db/database";
import {
  insertMessageBatch,
  pruneLocalKeys,
  type BatchMessage,
  type BatchOutcome,
} from "../db/message-batch";
import { ensureGroupRecipient, type NewMessage } from "../db/messages";
import { streamCacheOf } from "../db/stream-cache";
import { topicsWritten } from "../db/topic-cache";
import type { UserRow } from "../db/users";
import { newMessageDelivery } from "./send-events";
import { isStalePlan, planDelivery, type Delivery, type MessageTarget } from "./send-plan";

/** A send that has been checked and rendered, waiting to be written with its batch. */
export interface SendJob {
  ctx: AppContext;
  sender: UserRow;
  target: MessageTarget;
  delivery: Delivery;
  /** `recipientId` is 0 until a new direct-message group is created, inside the batch. */
  message: NewMessage;
  flagsFor: (userId: number) => number;
  /** Deduplication key (sender's local_id and request digested); undefined: never deduplicated. */
  localKey: string | undefined;
  queueId: string | undefined;
  localId: string | undefined;
  /** The server's own message, which may go to any stream (see `planDelivery`). */
  internal?: boolean;
}

/** The most sends written in one statement. */
const MAX_BATCH_SIZE = 64;
/** How often expired local keys are deleted, in seconds. */
const PRUNE_INTERVAL_SECONDS = 60;

interface Waiting {
  job: SendJob;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

type Result = BatchOutcome | { error: unknown };

function firstInStreams(jobs: readonly SendJob[]): number[] {
  const ids = jobs.flatMap((job) =>
    job.delivery.stream?.first_message_id === null ? [job.delivery.stream.id] : [],
  );
  return [...new Set(ids)];
}

function batchMessage(job: SendJob, recipientId: number): BatchMessage {
  return {
    message: { ...job.message, recipientId },
    receivers: job.delivery.receiverIds.map((userId) => ({ userId, flags: job.flagsFor(userId) })),
    localKey: job.localKey,
  };
}

/**
 * The uploads linked by the batch's new messages become theirs (`claimAttachments`); returns
 * the uploads claimed.
 */
async function claimJobsAttachments(
  q: Queryable,
  jobs: readonly SendJob[],
  outcomes: readonly BatchOutcome[],
): Promise<number[]> {
  const claimed: number[] = [];
  for (const [index, job] of jobs.entries()) {
    const outcome = outcomes[index];
    if (!outcome || outcome.isDuplicate || !mayLinkUploads(job.message.content)) continue;
    claimed.push(...(await claimAttachments(q, job.sender, outcome.id, job.message.content)));
  }
  return claimed;
}

/**
 * Writes `jobs` in one statement, creating the direct-message groups they need first (then in
 * one transaction with it). The jobs learn their group's recipient only once it is committed.
 */
async function writeJobs(
  db: Database,
  jobs: readonly SendJob[],
  now: number,
  prune: boolean,
): Promise<BatchOutcome[]> {
  const work = async (q: Queryable) => {
    const groups = new Map<SendJob, { id: number; typeId: number }>();
    for (const job of jobs) {
      if (job.delivery.recipient) continue;
      const group = await ensureGroupRecipient(q, job.delivery.receiverIds);
      groups.set(job, { id: group.recipientId, typeId: group.groupId });
    }
    const batch = jobs.map((job) =>
      batchMessage(job, groups.get(job)?.id ?? job.message.recipientId),
    );
    const outcomes = await insertMessageBatch(q, batch, now, firstInStreams(jobs));
    const claimed = await claimJobsAttachments(q, jobs, outcomes);
    if (prune) await pruneLocalKeys(q, now);
    return { outcomes, groups, claimed };
  };
  const needsTransaction =
    prune || jobs.some((job) => !job.delivery.recipient || mayLinkUploads(job.message.content));
  const { outcomes, groups, claimed } = needsTransaction
    ? await db.transaction(work)
    : await work(db);
  const ctx = jobs[0]?.ctx;
  if (ctx) await publishAttachments(ctx, "update", claimed);
  for (const [job, recipient] of groups) {
    job.delivery = { ...job.delivery, recipient };
    job.message = { ...job.message, recipientId: recipient.id };
  }
  return outcomes;
}

/**
 * Group commit for one database: sends that arrive while a batch is being written wait and
 * are written together in the next one (at most `MAX_BATCH_SIZE`; an idle committer starts on
 * the next turn of the event loop), which shares the statement's and the commit's cost among
 * them. Every send was checked on its own before it queued, and is checked again if
 * subscriptions changed meanwhile. If a batch's write fails, each of its sends is written
 * alone, so a send can only fail for its own reasons. Events are lined up after the commit, in
 * id order, and delivered after the callers heard back (`QueueRegistry.defer`).
 */
class SendCommitter {
  private readonly waiting: Waiting[] = [];
  private isDraining = false;
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Database) {}

  get pendingCount(): number {
    return this.waiting.length;
  }

  submit(job: SendJob): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      if (!this.isDraining) {
        this.isDraining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Writes batches until no send waits. Each batch starts on `setImmediate`, after the event
   * loop has read the requests that arrived meanwhile (one loop turn: no wait worth the name
   * when idle). This matters on PGlite: a statement runs in WebAssembly within microtasks, so
   * without the turn no request could be read, let alone join a batch, while one is written.
   */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        const batch = this.waiting.splice(0, MAX_BATCH_SIZE);
        if (batch.length === 0) break;
        // `run` settles every send itself; this only catches a bug of ours (settling twice is
        // a no-op), so that one bad batch cannot stall the sends queued behind it.
        await this.run(batch).catch((error: unknown) => {
          for (const waiting of batch) waiting.reject(error);
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.isDraining = false;
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    const live = await replanStale(batch);
    // Several sends with one local key in one batch: the first is written, the others share
    // its outcome (the database only knows about keys of earlier batches).
    const primaries: Waiting[] = [];
    const followers = new Map<Waiting, Waiting[]>();
    const byKey = new Map<string, Waiting>();
    for (const waiting of live) {
      const { localKey, sender } = waiting.job;
      const key = localKey === undefined ? undefined : `${sender.id}\n${localKey}`;
      const primary = key === undefined ? undefined : byKey.get(key);
      if (primary) followers.get(primary)?.push(waiting);
      else {
        primaries.push(waiting);
        followers.set(waiting, []);
        if (key !== undefined) byKey.set(key, waiting);
      }
    }
    const results = await this.write(primaries.map((waiting) => waiting.job));
    // The events wait their turn (`QueueRegistry.defer`): the senders hear back first.
    await deferInIdOrder(primaries, results);
    primaries.forEach((primary, index) => {
      const result = results[index];
      for (const waiting of [primary, ...(followers.get(primary) ?? [])]) {
        if (!result || "error" in result) waiting.reject(result?.error);
        else waiting.resolve(result.id);
      }
    });
  }

  /** Writes the jobs together; if that fails, each alone. Never throws. */
  private async write(jobs: readonly SendJob[]): Promise<Result[]> {
    const first = jobs[0];
    if (!first) return [];
    const now = unixSeconds(first.ctx.clock);
    const prune = now - this.prunedAt >= PRUNE_INTERVAL_SECONDS;
    try {
      const outcomes = await writeJobs(this.db, jobs, now, prune);
      if (prune) this.prunedAt = now;
      return outcomes;
    } catch (error) {
      if (jobs.length === 1) return [{ error }];
    }
    const results: Result[] = [];
    for (const job of jobs) {
      try {
        const [outcome] = await writeJobs(this.db, [job], now, false);
        results.push(outcome ?? { error: new Error("no outcome") });
      } catch (error) {
        results.push({ error });
      }
    }
    return results;
  }
}

/** Plans again the sends planned before the stream cache was last invalidated. */
async function replanStale(batch: readonly Waiting[]): Promise<Waiting[]> {
  const live: Waiting[] = [];
  for (const waiting of batch) {
    const { job } = waiting;
    if (isStalePlan(job.ctx, job.delivery)) {
      try {
        const delivery = await planDelivery(job.ctx, job.sender, job.target, job.internal);
        job.delivery = delivery;
        job.message = {
          ...job.message,
          recipientId: delivery.recipient?.id ?? 0,
          streamId: delivery.stream?.id ?? null,
          subject: delivery.topic,
        };
      } catch (error) {
        waiting.reject(error);
        continue;
      }
    }
    live.push(waiting);
  }
  return live;
}

/**
 * Lines up the `message` events of the messages just written, in id order, behind the events
 * published before them (`QueueRegistry.defer`); they are delivered once the senders heard back.
 */
async function deferInIdOrder(primaries: readonly Waiting[], results: Result[]): Promise<void> {
  const written = primaries.flatMap((waiting, index) => {
    const result = results[index];
    return result && !("error" in result) && !result.isDuplicate
      ? [{ job: waiting.job, id: result.id }]
      : [];
  });
  written.sort((a, b) => a.id - b.id);
  for (const { job, id } of written) {
    const stream = job.delivery.stream;
    if (stream) topicsWritten(job.ctx.db, stream.id);
    if (stream?.first_message_id === null)
      streamCacheOf(job.ctx.db).noteFirstMessage(stream.id, id);
    try {
      job.ctx.queues.defer(await newMessageDelivery(job.ctx, { ...job, id }));
    } catch (error) {
      // The message is stored; a failure to build its events must not turn into a failed send.
      console.error(`publishing message ${id} failed:`, error);
    }
  }
}

const committers = new WeakMap<Database, SendCommitter>();

function committerOf(db: Database): SendCommitter {
  let committer = committers.get(db);
  if (!committer) {
    committer = new SendCommitter(db);
    committers.set(db, committer);
  }
  return committer;
}

/** Queues a checked send for the next batch of `job.ctx.db`; resolves to its message id. */
export function commitSend(job: SendJob): Promise<number> {
  return committerOf(job.ctx.db).submit(job);
}

/** How many sends are waiting for a batch on `db` (for tests that arrange a batch). */
export function pendingSendCount(db: Database): number {
  return committers.get(db)?.pendingCount ?? 0;
}
