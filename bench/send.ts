// Sending: four streams of 50 subscribers each, every subscriber with an event queue that is
// long-polled over HTTP while the messages are sent (one poll per queue, polling again at once on
// each answer, from a worker thread), so each message is also delivered 50 times. The server runs
// as `npm start` runs it: PGlite on disk in a fresh data folder (`--postgres`: a fresh database on
// DATABASE_URL's server). Measured five ways, each the median of the runs:
//   - the `sendMessage` action, one message after the other (latency-bound: no batching);
//   - the action with CALLERS concurrent callers (group commit batches them);
//   - `POST /messages` over real HTTP (keep-alive sockets) with 1, 8 and 32 requests in flight,
//     from another worker thread; every request carries a unique `local_id`, as Parley's client
//     does. For these: messages/s, each request's latency (p50, p90), and the time from the
//     request going out until each poll had the message (delivery p50, p90, p99).
//
//   node --import tsx bench/send.ts [messages per run] [runs] [--postgres]
import { sendMessage } from "../server/actions/send-message";
import type { AppContext } from "../server/context";
import { findUserById, type UserRow } from "../server/db/users";
import { queueOptions } from "../server/test/queue-options";
import {
  createStream,
  createUsers,
  median,
  now,
  parseBenchArgs,
  percentile,
  round,
  startBenchServer,
  startBenchWorker,
  writeResults,
} from "./lib";
import {
  CONTENT,
  STREAMS,
  type Arrivals,
  type CollectJob,
  type SendClientsSetup,
  type SendJob,
  type SendTimes,
} from "./send-clients";

const ARGS = parseBenchArgs(
  process.argv.slice(2),
  "usage: bench/send.ts [messages per run] [runs] [--postgres]",
);
const MESSAGES = ARGS.numbers[0] ?? 500;
const RUNS = ARGS.numbers[1] ?? 5;
const SUBSCRIBERS = 50;
const CALLERS = 32;
const HTTP_CONCURRENCY = [1, 8, 32] as const;

const send = (ctx: AppContext, sender: UserRow, i: number) =>
  sendMessage(ctx, sender, {
    target: { kind: "stream", stream: `send-${i % STREAMS}`, topic: `topic ${i % 10}` },
    content: `${CONTENT} ${i}`,
    client: "bench",
    readBySender: undefined,
    queueId: undefined,
    localId: undefined,
  });

async function sequential(ctx: AppContext, sender: UserRow, count: number): Promise<number> {
  const start = now();
  for (let i = 0; i < count; i++) await send(ctx, sender, i);
  return count / ((now() - start) / 1000);
}

async function concurrent(ctx: AppContext, sender: UserRow, count: number): Promise<number> {
  let next = 0;
  const caller = async () => {
    while (next < count) await send(ctx, sender, next++);
  };
  const start = now();
  await Promise.all(Array.from({ length: CALLERS }, caller));
  return count / ((now() - start) / 1000);
}

/** A worker of send-clients.ts; it answers each job posted to it with one message. */
function client(setup: SendClientsSetup) {
  const worker = startBenchWorker(new URL("./send-clients.ts", import.meta.url), setup);
  workers.push(worker);
  return worker;
}
const workers: ReturnType<typeof startBenchWorker>[] = [];

interface HttpRun {
  perSecond: number;
  latencyP50: number;
  latencyP90: number;
  deliveryP50: number;
  deliveryP90: number;
  deliveryP99: number;
}

/** The figures of one HTTP run: the sends' own times, and each poll's arrival after its send. */
function httpFigures(times: SendTimes, arrivals: Arrivals): HttpRun {
  const sentAt = new Map(times.ids.map((id, i) => [id, times.starts[i] ?? Number.NaN]));
  const latencies = times.ends.map((end, i) => end - (times.starts[i] ?? Number.NaN));
  const deliveries = arrivals.ids.map(
    (id, i) => (arrivals.ats[i] ?? Number.NaN) - (sentAt.get(id) ?? Number.NaN),
  );
  return {
    perSecond: round(times.ids.length / times.seconds),
    latencyP50: round(percentile(latencies, 50), 2),
    latencyP90: round(percentile(latencies, 90), 2),
    deliveryP50: round(percentile(deliveries, 50), 2),
    deliveryP90: round(percentile(deliveries, 90), 2),
    deliveryP99: round(percentile(deliveries, 99), 2),
  };
}

const server = await startBenchServer("send", { postgres: ARGS.postgres });
const { ctx } = server;
await server.app.listen({ host: "127.0.0.1", port: 0 });
const address = server.app.server.address();
if (address === null || typeof address === "string") throw new Error("no port");
const users = await createUsers(ctx, "send", SUBSCRIBERS);
for (let s = 0; s < STREAMS; s++) {
  await createStream(
    ctx,
    `send-${s}`,
    users.map((user) => user.id),
  );
}
// As Parley's client registers: HTML in the events.
const options = queueOptions({ clientName: "bench", applyMarkdown: true });
const queues = users.map((user) => ({
  auth: user.auth,
  queueId: ctx.queues.create(user.id, options).id,
}));
const sender = users[0];
const senderRow = sender ? await findUserById(ctx.db, sender.id) : undefined;
if (!sender || !senderRow) throw new Error("no sender");

const senderWorker = client({ role: "sender", port: address.port, auth: sender.auth });
const viaHttp = (job: SendJob) =>
  new Promise<SendTimes>((resolve) => {
    senderWorker.once("message", resolve);
    senderWorker.postMessage(job);
  });
const pollers = client({ role: "poller", port: address.port, queues });
const collect = (job: CollectJob) =>
  new Promise<Arrivals>((resolve) => {
    pollers.once("message", resolve);
    pollers.postMessage(job);
  });
/** Every subscriber's queue is polled, the sender's own too: each message arrives this often. */
const delivered = async (count: number) => {
  const expected = count * queues.length;
  const arrivals = await collect({ expected });
  if (arrivals.ids.length < expected) {
    throw new Error(`the polls got ${arrivals.ids.length} of ${expected} message events`);
  }
  return arrivals;
};

const perRun = { action: [] as number[], actionConcurrent: [] as number[] };
/** The HTTP runs by requests in flight (`"8InFlight"`). */
const httpPerRun: Record<string, HttpRun[]> = Object.fromEntries(
  HTTP_CONCURRENCY.map((n) => [`${n}InFlight`, []]),
);
let httpRuns = 0;
// One warm-up run of each, then the measured runs, alternating. Each waits until every poll has
// every message of the one before, so no run's deliveries overlap the next.
for (let run = -1; run < RUNS; run++) {
  const count = run < 0 ? 100 : MESSAGES;
  const action = await sequential(ctx, senderRow, count);
  await delivered(count);
  const actionConcurrent = await concurrent(ctx, senderRow, count);
  await delivered(count);
  const http: HttpRun[] = [];
  for (const concurrency of HTTP_CONCURRENCY) {
    const times = await viaHttp({ concurrency, count, run: httpRuns++ });
    http.push(httpFigures(times, await delivered(count)));
  }
  if (run < 0) continue;
  perRun.action.push(round(action));
  perRun.actionConcurrent.push(round(actionConcurrent));
  HTTP_CONCURRENCY.forEach((n, i) => {
    const figures = http[i];
    if (figures) httpPerRun[`${n}InFlight`]?.push(figures);
  });
}
for (const worker of workers) await worker.terminate();
await server.close();

const medianOf = (runs: readonly HttpRun[]) => ({
  perSecond: median(runs.map((r) => r.perSecond)),
  latencyP50Ms: median(runs.map((r) => r.latencyP50)),
  latencyP90Ms: median(runs.map((r) => r.latencyP90)),
  deliveryP50Ms: median(runs.map((r) => r.deliveryP50)),
  deliveryP90Ms: median(runs.map((r) => r.deliveryP90)),
  deliveryP99Ms: median(runs.map((r) => r.deliveryP99)),
});
const http = Object.fromEntries(
  Object.entries(httpPerRun).map(([name, runs]) => [name, medianOf(runs)]),
);
const result = {
  backend: server.backend,
  subscribersPerStream: SUBSCRIBERS,
  polledQueues: queues.length,
  messagesPerRun: MESSAGES,
  runs: RUNS,
  concurrentCallers: CALLERS,
  httpConcurrency: HTTP_CONCURRENCY,
  goal: ">= 1000 messages/s",
  actionPerSecond: median(perRun.action),
  actionConcurrentPerSecond: median(perRun.actionConcurrent),
  http,
  perRun: { ...perRun, http: httpPerRun },
};
console.log(
  `sending to streams of ${SUBSCRIBERS} subscribers on ${server.backend}, ${queues.length} queues long-polled throughout, median of ${RUNS} runs of ${MESSAGES}:`,
);
console.log(`  sendMessage action, sequential: ${result.actionPerSecond} messages/s`);
console.log(
  `  sendMessage action, ${CALLERS} concurrent callers: ${result.actionConcurrentPerSecond} messages/s`,
);
for (const [name, figures] of Object.entries(http)) {
  console.log(
    `  POST /messages, ${name.replace("InFlight", "")} in flight: ${figures.perSecond} messages/s; latency p50 ${figures.latencyP50Ms} / p90 ${figures.latencyP90Ms} ms; to every poll p50 ${figures.deliveryP50Ms} / p90 ${figures.deliveryP90Ms} / p99 ${figures.deliveryP99Ms} ms`,
  );
}
console.log(`  written to ${await writeResults("send", result, { postgres: ARGS.postgres })}`);
process.exit(0);
