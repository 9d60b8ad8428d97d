// History at scale: each read of the message history over HTTP at 10,000 / 100,000 / 1,000,000
// messages (the huge demo's shape), next to the same SQL run directly against the database (the
// floor), with each statement's EXPLAIN (ANALYZE, BUFFERS) written beside the results; then
// whether a slow read stalls the rest (a parked long poll, `GET /`, the event-loop delay).
//
// The server runs in this process, on PGlite in the size's data folder as `npm start` runs it
// (or, with --postgres, on a database per size on the server of DATABASE_URL). The floor is the
// SQL the server really ran: the database handed to the server records the statements of one
// request, and the bench replays them on the same database while the server idles. The topics
// of a stream come from the server's cache once read: that row's floor is the SQL the cache
// saves, and a second row reads them cold, each time after a send to the stream.
//
//   npm run bench:history -- [--sizes 10k,100k,1m] [--rounds 7] [--postgres]
//   npm run bench:history -- --sizes 1m --stall "search quoted phrase"   (the stall probe only)
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Worker } from "node:worker_threads";
import { loadConfig } from "../server/config";
import type { Database, Queryable } from "../server/db/database";
import { startServer, type RunningServer } from "../server/start";
import { ABSENT_WORD, COMMON_PHRASE, COMMON_WORD, RARE_WORD } from "../server/demo/words";
import {
  fullScans,
  formatTable,
  isReadStatement,
  parseHistoryArgs,
  type TableRow,
} from "./history-lib";
import type { HistoryAnswer, HistoryRequest } from "./history-client";
import { folderBytes, openStore, seedStore, storeFor, verifiedSeedRecord } from "./history-seed";
import { median, percentile, round, startBenchWorker, writeResults } from "./lib";

const ROOT = join(import.meta.dirname, "..");
const DATA = join(ROOT, ".data", "bench-history");
const SLOW_READ_MS = 3000;
const COLD_TOPICS = "topics of a stream, after a send to it";
const SLOW_READ_ROUNDS = 3;
const STALL_PROBES = 15;

interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** The server's database, noting each statement while `log.on` (one request at a time). */
function recording(db: Database, log: { on: boolean; statements: Statement[] }): Database {
  const record = (target: Queryable): Queryable => ({
    query<Row>(sql: string, params: readonly unknown[] = []) {
      if (log.on) log.statements.push({ sql, params: [...params] }); // a caller may reuse its array
      return target.query<Row>(sql, params);
    },
  });
  return {
    ...record(db),
    transaction: (work) => db.transaction((tx) => work(record(tx))),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}

interface Read {
  name: string;
  method: "GET" | "POST";
  path: string;
  params: Record<string, string>;
  /**
   * The read whose SQL is this one's floor: a read answered from the server's cache once warm
   * (the topics of a stream) runs none, and its floor is the SQL the cache saves, that of the
   * same read made cold.
   */
  floorOf?: string;
  /**
   * Made, untimed, before each call (a send that makes the cache read again), and its
   * deliveries, which follow its answer, left to finish.
   */
  before?: Read;
}

type Narrow = { operator: string; operand: string; negated?: boolean }[];

function messagesRead(name: string, narrow: Narrow, anchor = "newest", numAfter?: number): Read {
  const after = numAfter ?? (anchor === "newest" ? 0 : 50);
  const params = { anchor, num_before: "100", num_after: String(after) };
  return {
    name,
    method: "GET",
    path: "/api/v1/messages",
    params: { ...params, narrow: JSON.stringify(narrow) },
  };
}

/**
 * The narrows' operands: hamlet's busiest stream, topic, partner and a sender in them; and the
 * busiest stream's topics, which a switch to it fetches beside its first window.
 */
async function readsFor(db: Queryable, me: number): Promise<Read[]> {
  const [busy] = await db.query<{
    streamId: number;
    stream: string;
    topic: string;
    sender: string;
  }>(
    `SELECT s.id AS "streamId", s.name AS stream, m.subject AS topic, u.email AS sender
       FROM messages m JOIN streams s ON s.id = m.stream_id JOIN users u ON u.id = m.sender_id
       JOIN subscriptions sub ON sub.stream_id = s.id AND sub.user_id = $1 AND sub.active
      WHERE m.id > (SELECT max(id) - 20000 FROM messages)
      GROUP BY 1, 2, 3, 4 ORDER BY count(*) DESC LIMIT 1`,
    [me],
  );
  const [partner] = await db.query<{ email: string }>(
    `SELECT u.email FROM messages m JOIN users u ON u.id = m.sender_id
      WHERE m.recipient_id = (SELECT id FROM recipients WHERE type = 1 AND type_id = $1)
        AND m.sender_id <> $1
      GROUP BY u.email ORDER BY count(*) DESC LIMIT 1`,
    [me],
  );
  if (!busy || !partner) throw new Error("the seeded history has no busy stream or partner");
  const stream = { operator: "stream", operand: busy.stream };
  const topics: Read = {
    name: "topics of a stream",
    method: "GET",
    path: `/api/v1/users/me/${String(busy.streamId)}/topics`,
    params: {},
  };
  const topic = { operator: "topic", operand: busy.topic };
  const sender = { operator: "sender", operand: busy.sender };
  const search = (operand: string) => ({ operator: "search", operand });
  return [
    messagesRead("all (newest 100)", []),
    messagesRead("stream", [stream]),
    messagesRead("topic", [stream, topic]),
    messagesRead("DM one", [{ operator: "dm", operand: partner.email }]),
    messagesRead("DMs all (is:dm)", [{ operator: "is", operand: "dm" }]),
    messagesRead("starred", [{ operator: "is", operand: "starred" }]),
    messagesRead("mentioned", [{ operator: "is", operand: "mentioned" }]),
    messagesRead("unread, first_unread", [{ operator: "is", operand: "unread" }], "first_unread"),
    messagesRead("sender", [sender]),
    messagesRead("stream + sender", [stream, sender]),
    messagesRead("stream + topic + unread", [stream, topic, { operator: "is", operand: "unread" }]),
    messagesRead(`search "${COMMON_WORD}"`, [search(COMMON_WORD)]),
    messagesRead(`search rare "${RARE_WORD}"`, [search(RARE_WORD)]),
    messagesRead(`search absent "${ABSENT_WORD}"`, [search(ABSENT_WORD)]),
    messagesRead("search quoted phrase", [search(`"${COMMON_PHRASE}"`)]),
    // Two words of the vocabulary each in about one message in ten, together in one in 180: the
    // planner, multiplying their frequencies, expects them together in one in 110.
    messagesRead("search two words rarely together", [search("lunch budget")]),
    messagesRead("search + stream", [stream, search(COMMON_WORD)]),
    messagesRead("search + sender", [sender, search(COMMON_WORD)]),
    // What a switch to a stream never visited fetches (src/controllers/message-fetch.ts).
    messagesRead("stream, first_unread 100/100", [stream], "first_unread", 100),
    { ...topics, floorOf: COLD_TOPICS },
    {
      ...topics,
      name: COLD_TOPICS,
      before: {
        name: "send to the stream",
        method: "POST",
        path: "/api/v1/messages",
        params: { type: "stream", to: busy.stream, topic: busy.topic, content: "Bench topics" },
      },
    },
    { name: "POST /register", method: "POST", path: "/api/v1/register", params: {} },
  ];
}

let worker: Worker | undefined;
let nextRequestId = 0;
const waiting = new Map<number, (answer: HistoryAnswer) => void>();

/** Sends `request` from the client thread (history-client.ts), started on first use. */
function viaClientThread(request: Omit<HistoryRequest, "id">): Promise<HistoryAnswer> {
  if (!worker) {
    worker = startBenchWorker(new URL("./history-client.ts", import.meta.url), undefined);
    worker.on("message", (answer: HistoryAnswer) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    });
    // Its answers are awaited while the server runs; it must not keep the bench alive after.
    worker.unref();
  }
  const id = nextRequestId++;
  const thread = worker;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    thread.postMessage({ ...request, id } satisfies HistoryRequest);
  });
}

class Client {
  constructor(
    readonly base: string,
    readonly email: string,
    readonly auth: string,
  ) {}

  /**
   * One call, timed in the client thread. A kept-alive socket the server closed while the bench
   * replayed SQL for minutes fails before the request is sent (ECONNRESET): that one is sent
   * again on a new socket.
   */
  async call(read: Read): Promise<{ ms: number; body: Record<string, unknown> }> {
    let answer = await this.once(read);
    if ("error" in answer && answer.reset) answer = await this.once(read);
    if ("error" in answer) throw new Error(`${read.name}: ${answer.error}`);
    // Our own server's JSON.
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    if (answer.status >= 400) {
      throw new Error(`${read.name}: ${answer.status} ${JSON.stringify(body)}`);
    }
    return { ms: answer.ms, body };
  }

  /** `GET /` (the app's page), timed in the client thread. */
  async page(): Promise<number> {
    const answer = await viaClientThread({
      url: `${this.base}/`,
      method: "GET",
      headers: {},
      body: undefined,
    });
    if ("error" in answer) throw new Error(`GET /: ${answer.error}`);
    return answer.ms;
  }

  private once(read: Read): Promise<HistoryAnswer> {
    const query = new URLSearchParams(read.params).toString();
    const post = read.method === "POST";
    return viaClientThread({
      url: post ? `${this.base}${read.path}` : `${this.base}${read.path}?${query}`,
      method: read.method,
      headers: {
        authorization: this.auth,
        ...(post ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: post ? query : undefined,
    });
  }
}

async function authOf(db: Queryable, email: string): Promise<string> {
  const [row] = await db.query<{ api_key: string }>("SELECT api_key FROM users WHERE email = $1", [
    email,
  ]);
  if (!row) throw new Error(`no user ${email}`);
  return `Basic ${Buffer.from(`${email}:${row.api_key}`).toString("base64")}`;
}

/** Runs the recorded statements directly; milliseconds for all of them. */
async function replay(db: Queryable, statements: readonly Statement[]): Promise<number> {
  const start = performance.now();
  for (const statement of statements) await db.query(statement.sql, statement.params);
  return performance.now() - start;
}

async function explain(db: Queryable, statements: readonly Statement[]): Promise<string> {
  const plans: string[] = [];
  for (const statement of statements.filter((statement) => isReadStatement(statement.sql))) {
    const rows = await db.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    plans.push(
      `${statement.sql.trim()}\n-- params ${JSON.stringify(statement.params)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
    );
  }
  return plans.join("\n\n");
}

interface Session {
  server: RunningServer;
  raw: Database;
  log: { on: boolean; statements: Statement[] };
  client: Client;
  reads: Read[];
}

type ReadFigures = Map<
  string,
  { http: number; floor: number; scans: string[]; plans: string; rounds: number }
>;

async function measureReads(session: Session, rounds: number): Promise<ReadFigures> {
  const { client, raw, log, reads } = session;
  const warm = new Map<string, number>();
  for (const read of reads) warm.set(read.name, (await client.call(read)).ms);
  // A send's deliveries follow its answer: let them finish, they are not the read's work.
  const made = async (before: Read) => {
    await client.call(before);
    await new Promise((settled) => setTimeout(settled, 200));
  };
  const call = async (read: Read) => {
    if (read.before) await made(read.before);
    return client.call(read);
  };
  // A read of many seconds (a full scan at 1M) gets fewer rounds, or one size takes an hour.
  const roundsOf = (read: Read) =>
    (warm.get(read.name) ?? 0) > SLOW_READ_MS ? Math.min(rounds, SLOW_READ_ROUNDS) : rounds;
  const captured = new Map<string, Statement[]>();
  for (const read of reads) {
    if (read.before) await made(read.before);
    log.statements = [];
    log.on = true;
    await client.call(read);
    log.on = false;
    captured.set(read.name, log.statements);
  }
  for (const read of reads) {
    if (read.floorOf !== undefined) captured.set(read.name, captured.get(read.floorOf) ?? []);
  }
  const http = new Map<string, number[]>(reads.map((read) => [read.name, []]));
  const floor = new Map<string, number[]>(reads.map((read) => [read.name, []]));
  // Interleaved: each round runs every read once, so drift in the machine's load hits all alike.
  for (let round = 0; round < rounds; round++) {
    for (const read of reads) {
      if (round < roundsOf(read)) http.get(read.name)?.push((await call(read)).ms);
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const read of reads) {
      if (round >= roundsOf(read)) continue;
      // In the state the read met: a write just before it leaves work for the first read after.
      if (read.before) await made(read.before);
      floor.get(read.name)?.push(
        await replay(
          raw,
          (captured.get(read.name) ?? []).filter((statement) => isReadStatement(statement.sql)),
        ),
      );
    }
  }
  const result: ReadFigures = new Map();
  for (const read of reads) {
    const plans = await explain(raw, captured.get(read.name) ?? []);
    result.set(read.name, {
      http: median(http.get(read.name) ?? []),
      floor: median(floor.get(read.name) ?? []),
      scans: fullScans(plans),
      plans,
      rounds: roundsOf(read),
    });
  }
  return result;
}

async function measureSend(session: Session, stream: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const read: Read = {
      name: "send",
      method: "POST",
      path: "/api/v1/messages",
      params: { type: "stream", to: stream, topic: "bench history", content: `Bench message ${i}` },
    };
    times.push((await session.client.call(read)).ms);
  }
  return { p50: round(median(times)), p90: round(percentile(times, 90)) };
}

/** While the slowest read runs over and over, a parked poll and `GET /` must still answer. */
async function measureStall(session: Session, slowest: Read, other: Client) {
  const { client } = session;
  let running = true;
  const hammer = async () => {
    while (running) await client.call(slowest);
  };
  const loops = [hammer(), hammer()];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const deliveries: number[] = [];
  const homePage: number[] = [];
  const sends: number[] = [];
  for (let i = 0; i < STALL_PROBES; i++) {
    const { body } = await other.call({
      name: "register",
      method: "POST",
      path: "/api/v1/register",
      params: { event_types: JSON.stringify(["message"]) },
    });
    const queue = String(body["queue_id"]);
    const poll = other.call({
      name: "poll",
      method: "GET",
      path: "/api/v1/events",
      params: { queue_id: queue, last_event_id: String(body["last_event_id"]) },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const start = performance.now();
    const page = client.page().then((ms) => homePage.push(ms));
    const send = client
      .call({
        name: "send DM",
        method: "POST",
        path: "/api/v1/messages",
        params: { type: "direct", to: JSON.stringify([other.email]), content: `Stall probe ${i}` },
      })
      .then(() => sends.push(performance.now() - start));
    await poll;
    deliveries.push(performance.now() - start);
    await Promise.all([page, send]);
  }
  delay.disable();
  running = false;
  await Promise.all(loops);
  return {
    slowestRead: slowest.name,
    pollDeliveryMsMedian: round(median(deliveries)),
    pollDeliveryMsMax: round(Math.max(...deliveries)),
    sendMsMedian: round(median(sends)),
    sendMsMax: round(Math.max(...sends)),
    homePageMsMedian: round(median(homePage)),
    homePageMsMax: round(Math.max(...homePage)),
    eventLoopDelayMsP50: round(delay.percentile(50) / 1e6),
    eventLoopDelayMsP99: round(delay.percentile(99) / 1e6),
    eventLoopDelayMsMax: round(delay.max / 1e6),
  };
}

async function openSession(
  size: number,
  postgresUrl: string | undefined,
): Promise<Session & { seed: unknown }> {
  const store = storeFor(DATA, size, postgresUrl);
  mkdirSync(store.dataDir, { recursive: true });
  const seed =
    (await verifiedSeedRecord(store, postgresUrl)) ?? (await seedStore(store, postgresUrl, ROOT));
  const raw = await openStore(store, postgresUrl);
  const log = { on: false, statements: [] as Statement[] };
  const server = await startServer(
    {
      ...loadConfig({}, ROOT),
      dataDir: store.dataDir,
      databaseUrl: undefined,
      heartbeatSeconds: 3600,
      queueTimeoutSeconds: 3600,
      maxQueuesPerUser: 1_000_000,
      rateLimitPerMinute: undefined,
      rateLimitByIpPerMinute: undefined,
    },
    { db: recording(raw, log) },
  );
  await server.app.listen({ host: "127.0.0.1", port: 0 });
  const address = server.app.server.address();
  if (address === null || typeof address !== "object") throw new Error("no address");
  const base = `http://127.0.0.1:${address.port}`;
  const email = "hamlet@parley.test";
  const client = new Client(base, email, await authOf(raw, email));
  const [me] = await raw.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
  const reads = await readsFor(raw, me?.id ?? 0);
  return { server, raw, log, client, reads, seed };
}

async function diskBytes(session: Session, size: number, postgresUrl: string | undefined) {
  const [row] = await session.raw.query<{ bytes: number; messages: number }>(
    "SELECT pg_database_size(current_database()) AS bytes, (SELECT count(*)::int FROM messages) AS messages",
  );
  const folder =
    postgresUrl === undefined
      ? await folderBytes(storeFor(DATA, size, undefined).dataDir)
      : undefined;
  const wal =
    postgresUrl === undefined
      ? await folderBytes(join(storeFor(DATA, size, undefined).dataDir, "pg_wal"))
      : undefined;
  const messages = row?.messages ?? 1;
  return {
    messages,
    databaseBytes: row?.bytes,
    databaseBytesPerMessage: round((row?.bytes ?? 0) / messages),
    ...(folder === undefined
      ? {}
      : { dataDirBytes: folder, walBytes: wal, dataDirBytesPerMessage: round(folder / messages) }),
  };
}

async function runSize(size: number, rounds: number, postgresUrl: string | undefined) {
  console.log(`\n${size.toLocaleString("en")} messages: seeding or reusing, starting the server…`);
  const session = await openSession(size, postgresUrl);
  try {
    const disk = await diskBytes(session, size, postgresUrl);
    const reads = await measureReads(session, rounds);
    const [streamRead] = session.reads.filter((read) => read.name === "stream");
    const stream = JSON.parse(streamRead?.params["narrow"] ?? "[]") as Narrow; // our own JSON
    const send = await measureSend(
      session,
      stream[0]?.operand ?? "general",
      Math.max(15, rounds * 3),
    );
    const slowest = [...session.reads].sort(
      (a, b) => (reads.get(b.name)?.http ?? 0) - (reads.get(a.name)?.http ?? 0),
    )[0];
    const otherEmail = "othello@parley.test";
    const other = new Client(
      session.client.base,
      otherEmail,
      await authOf(session.raw, otherEmail),
    );
    // A stalled server may time a request out (408): that is a finding, not a failed run.
    const stall = slowest
      ? await measureStall(session, slowest, other).catch((error: unknown) => ({
          slowestRead: slowest.name,
          failed: error instanceof Error ? error.message : String(error),
        }))
      : undefined;
    const suffix = postgresUrl === undefined ? "" : "-postgres";
    const explainFile = join(ROOT, "bench", "results", `history-explain-${size}${suffix}.txt`);
    writeFileSync(
      explainFile,
      [...reads].map(([name, figures]) => `=== ${name}\n${figures.plans}`).join("\n\n"),
    );
    return { size, seed: session.seed, disk, reads, send, stall, explainFile };
  } finally {
    await session.server.close({ saveQueues: false });
  }
}

/** `--stall <read>`: the stall probe alone, with that read as the slow one; printed only. */
async function stallOnly(size: number, name: string, postgresUrl: string | undefined) {
  const session = await openSession(size, postgresUrl);
  try {
    const slow = session.reads.find((read) => read.name === name);
    if (!slow) {
      const names = session.reads.map((read) => JSON.stringify(read.name)).join(", ");
      throw new Error(`no read ${JSON.stringify(name)}: one of ${names}`);
    }
    const other = new Client(
      session.client.base,
      "othello@parley.test",
      await authOf(session.raw, "othello@parley.test"),
    );
    const alone = (await session.client.call(slow)).ms;
    const stall = await measureStall(session, slow, other);
    console.log(
      `\n${size}: ${JSON.stringify({ slowReadAloneMs: round(alone), ...stall, loadAverage: loadavg().map((value) => round(value, 2)) })}`,
    );
  } finally {
    await session.server.close({ saveQueues: false });
  }
}

async function main(): Promise<void> {
  const options = parseHistoryArgs(process.argv.slice(2));
  const postgresUrl = options.postgres ? process.env["DATABASE_URL"] : undefined;
  if (options.postgres && postgresUrl === undefined)
    throw new Error("--postgres needs DATABASE_URL");
  if (options.stall !== undefined) {
    for (const size of options.sizes) await stallOnly(size, options.stall, postgresUrl);
    return;
  }
  mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
  const results: Awaited<ReturnType<typeof runSize>>[] = [];
  // Reported after each size: a run at 1M takes long, and what came before stays on record.
  for (const size of options.sizes) {
    results.push(await runSize(size, options.rounds, postgresUrl));
    await report(options, postgresUrl, results);
  }
}

async function report(
  options: ReturnType<typeof parseHistoryArgs>,
  postgresUrl: string | undefined,
  results: readonly Awaited<ReturnType<typeof runSize>>[],
): Promise<void> {
  const names = results[0]?.reads.keys() ?? [];
  const rows: TableRow[] = [...names].map((read) => ({
    read,
    cells: new Map(
      results.map((r) => [
        r.size,
        r.reads.get(read) ?? { http: Number.NaN, floor: undefined, scans: [] },
      ]),
    ),
  }));
  rows.push({
    read: "POST /messages p50",
    cells: new Map(results.map((r) => [r.size, { http: r.send.p50, floor: undefined, scans: [] }])),
  });
  const table = formatTable(
    results.map((r) => r.size),
    rows,
  );
  console.log(
    `\n${postgresUrl === undefined ? "PGlite on disk" : "PostgreSQL"}, median of ${options.rounds} (ms):\n`,
  );
  console.log(table);
  for (const r of results) {
    console.log(
      `\n${r.size}: seed ${JSON.stringify(r.seed)}\n  disk ${JSON.stringify(r.disk)}\n  stall ${JSON.stringify(r.stall)}\n  plans in ${r.explainFile}`,
    );
  }
  const file = await writeResults("history", {
    backend: postgresUrl === undefined ? "PGlite on disk" : "PostgreSQL",
    rounds: options.rounds,
    loadAverage: loadavg().map((value) => round(value, 2)),
    table,
    sizes: results.map((r) => ({
      size: r.size,
      seed: r.seed,
      disk: r.disk,
      send: r.send,
      stall: r.stall,
      reads: Object.fromEntries(
        [...r.reads].map(([name, f]) => [
          name,
          {
            httpMs: round(f.http),
            floorMs: round(f.floor),
            ratio: round(f.http / f.floor),
            rounds: f.rounds,
            fullScans: f.scans,
          },
        ]),
      ),
    })),
  });
  console.log(`\nWritten to ${file}`);
}

await main();
