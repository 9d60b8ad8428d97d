import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../config";
import type { Database, Queryable } from "../db/database";
import { findUserByEmail, type UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import { queueOptions } from "../test/queue-options";
import { reactionEvent } from "../test/events";
import { ApiError } from "../http/errors";
import { startServer, type RunningServer } from "../start";
import { FakeClock } from "../test/fake-clock";
import { openTestDatabase } from "../test/test-database";
import { pendingSendCount } from "./send-batch";
import { sendMessage, type SendMessageRequest } from "./send-message";
import { unsubscribe } from "./unsubscribe";

/**
 * A database whose batch statements (`insertMessageBatch`) can be held at a gate and made to
 * fail, so a test can line sends up behind a batch in flight and break one batch's write.
 */
interface GatedDatabase extends Database {
  /** The parameters of every batch statement run, in order. */
  batches: unknown[][];
  close(): Promise<void>;
}

const BATCH_SQL = /^WITH input AS/;
let gate: Promise<void> | undefined;
let openGate: () => void = () => undefined;
let failIf: ((params: readonly unknown[]) => boolean) | undefined;

function closeGate(): void {
  gate = new Promise((resolve) => {
    openGate = resolve;
  });
}

function intercept(target: Queryable, batches: unknown[][]): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      if (BATCH_SQL.test(sql)) {
        batches.push([...params]);
        if (gate) await gate;
        if (failIf?.(params)) throw new Error("injected write failure");
      }
      return target.query<Row>(sql, params);
    },
  };
}

function gated(db: Database): GatedDatabase {
  const batches: unknown[][] = [];
  const outer = intercept(db, batches);
  return {
    batches,
    query: (sql, params) => outer.query(sql, params),
    transaction: (work) => db.transaction((tx) => work(intercept(tx, batches))),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}

const QUEUE = queueOptions();

let server: RunningServer;
let db: GatedDatabase;
const users: Record<string, UserRow> = {};

beforeAll(async () => {
  const config: ServerConfig = {
    ...loadConfig({}, process.cwd()),
    demoSize: "minimal",
    dataDir: undefined,
    clientDir: undefined,
    databaseUrl: undefined,
  };
  db = gated(await openTestDatabase());
  // A clock that stands still: the only pruning of local ids (in a transaction of its own
  // batch) is the warm-up send's, so no held batch ever holds a transaction (and with it
  // PGlite's only connection).
  server = await startServer(config, { db, clock: new FakeClock() });
  for (const name of ["iago", "hamlet", "othello", "cordelia"]) {
    const user = await findUserByEmail(db, `${name}@parley.test`);
    if (!user) throw new Error(`no ${name}`);
    users[name] = user;
  }
  await sendMessage(server.ctx, user("iago"), toStream("general", "warm-up"));
});
afterAll(async () => {
  release();
  await server.close({ saveQueues: false });
});

function user(name: string): UserRow {
  const found = users[name];
  if (!found) throw new Error(`no ${name}`);
  return found;
}

function request(target: SendMessageRequest["target"], content: string): SendMessageRequest {
  return {
    target,
    content,
    client: "test",
    readBySender: undefined,
    queueId: undefined,
    localId: undefined,
  };
}

const toStream = (stream: string, content: string, topic = "batching") =>
  request({ kind: "stream", stream, topic }, content);

/** Settles a promise into a value or an error, so a test can look at both. */
function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

async function untilPending(count: number): Promise<void> {
  while (pendingSendCount(db) < count) await new Promise((resolve) => setImmediate(resolve));
}

/** Starts a send whose batch statement is held at the (closed) gate; resolves once it is. */
async function holdBatch(send: () => Promise<number>): Promise<{ sent: Promise<number> }> {
  closeGate();
  const before = db.batches.length;
  const sent = send();
  while (db.batches.length === before) await new Promise((resolve) => setImmediate(resolve));
  // Wrapped: awaiting a promise that resolves to a promise would wait for the inner one too.
  return { sent };
}

function release(): void {
  gate = undefined;
  openGate();
}

function messageIds(queue: EventQueue): number[] {
  return queue.pending().flatMap((event) => {
    const message = event["message"];
    return event.type === "message" && typeof message === "object" && message !== null
      ? [(message as { id: number }).id] // our own event, built by newMessageDelivery
      : [];
  });
}

async function countWhere(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

describe("group commit", () => {
  it("writes the sends that wait behind a batch together, each checked on its own", async () => {
    const ctx = server.ctx;
    const { sent: first } = await holdBatch(() =>
      sendMessage(ctx, user("iago"), toStream("general", "first, alone")),
    );
    const batchesBefore = db.batches.length;
    // Hamlet may post to the private stream now; he will have left it by the time it is written.
    const leaving = settle(sendMessage(ctx, user("hamlet"), toStream("leadership", "left")));
    const good = settle(sendMessage(ctx, user("othello"), toStream("general", "good one")));
    const poisoned = settle(sendMessage(ctx, user("iago"), toStream("general", "POISON")));
    const group = settle(
      sendMessage(
        ctx,
        user("cordelia"),
        request(
          { kind: "direct", recipients: ["iago@parley.test", "othello@parley.test"] },
          "new group",
        ),
      ),
    );
    const unknown = settle(sendMessage(ctx, user("iago"), toStream("no such stream", "x")));
    await untilPending(4);
    await unsubscribe(ctx, user("hamlet"), { streamNames: ["leadership"], principals: undefined });
    failIf = (params) => Array.isArray(params[4]) && params[4].includes("POISON");
    release();
    try {
      await first;
      const results = { leaving: await leaving, good: await good, poisoned: await poisoned };
      expect("value" in results.good).toBe(true);
      expect("value" in (await group)).toBe(true);
      expect(results.leaving).toEqual({ error: expect.any(ApiError) as ApiError });
      expect((results.leaving as { error: ApiError }).error.message).toBe(
        "Not authorized to send to stream 'leadership'",
      );
      expect(results.poisoned).toEqual({ error: new Error("injected write failure") });
      expect((await unknown) as { error: ApiError }).toMatchObject({
        error: { code: "STREAM_DOES_NOT_EXIST" },
      });
    } finally {
      failIf = undefined;
    }
    // The three that reached the batch were written together first (then, after the failure,
    // one by one): the batch statement after the first held all three.
    expect((db.batches[batchesBefore] as unknown[][])[4]).toEqual([
      "good one",
      "POISON",
      "new group",
    ]);
    expect(
      await countWhere("SELECT count(*)::int AS n FROM messages WHERE content = 'POISON'"),
    ).toBe(0);
    expect(await countWhere("SELECT count(*)::int AS n FROM messages WHERE content = 'left'")).toBe(
      0,
    );
    expect(
      await countWhere(
        `SELECT count(*)::int AS n FROM user_messages um
          WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = um.message_id)`,
      ),
    ).toBe(0);
    // The group was created once, by the write that succeeded.
    expect(
      await countWhere(
        "SELECT count(*)::int AS n FROM direct_message_groups WHERE user_ids_string = $1",
        [
          [user("iago").id, user("othello").id, user("cordelia").id]
            .sort((a, b) => a - b)
            .join(","),
        ],
      ),
    ).toBe(1);
  });

  it("publishes only after the commit, in id order, to every receiver", async () => {
    const ctx = server.ctx;
    const queue = ctx.queues.create(user("othello").id, QUEUE);
    const { sent: first } = await holdBatch(() =>
      sendMessage(ctx, user("iago"), toStream("general", "order 0")),
    );
    const rest = [1, 2, 3, 4, 5].map((i) =>
      sendMessage(ctx, user(i % 2 ? "hamlet" : "cordelia"), toStream("general", `order ${i}`)),
    );
    await untilPending(5);
    expect(messageIds(queue)).toEqual([]); // nothing is published before its commit
    release();
    const ids = [await first, ...(await Promise.all(rest))];
    await ctx.queues.settled();
    const published = messageIds(queue);
    expect(published).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(published).size).toBe(6);
    ctx.queues.delete(queue.id, queue.userId);
  });

  it("resolves concurrent duplicates of one local id to one message", async () => {
    const ctx = server.ctx;
    const queue = ctx.queues.create(user("othello").id, QUEUE);
    const resend = { ...toStream("general", "said once"), localId: "retry-1" };
    const { sent: blocker } = await holdBatch(() =>
      sendMessage(ctx, user("iago"), toStream("general", "blocker")),
    );
    const copies = [1, 2, 3].map(() => sendMessage(ctx, user("hamlet"), resend));
    await untilPending(3);
    release();
    await blocker;
    const ids = await Promise.all(copies);
    expect(new Set(ids).size).toBe(1);
    expect(
      await countWhere("SELECT count(*)::int AS n FROM messages WHERE content = 'said once'"),
    ).toBe(1);
    await ctx.queues.settled();
    expect(messageIds(queue).filter((id) => id === ids[0])).toHaveLength(1);
    ctx.queues.delete(queue.id, queue.userId);
  });

  it("answers the sender once committed; the events follow, before those published later", async () => {
    const ctx = server.ctx;
    const queue = ctx.queues.create(user("othello").id, QUEUE);
    const id = await sendMessage(ctx, user("iago"), toStream("general", "answered first"));
    // The sender has the id, and no queue has the message yet: its delivery waits its turn.
    expect(messageIds(queue)).toEqual([]);
    // Whatever is published about the message from now on (an edit…) comes after its event.
    ctx.queues.publish([user("othello").id], () => reactionEvent(id));
    await ctx.queues.settled();
    expect(queue.pending().map((event) => event.type)).toEqual(["message", "reaction"]);
    expect(messageIds(queue)).toEqual([id]);
    ctx.queues.delete(queue.id, queue.userId);
  });
});
