// Sending: messages per second to streams of 50 subscribers each (every subscriber holding one
// event queue, so each message is also published 50 times), on PGlite in memory (or the
// PostgreSQL server of DATABASE_URL). Measured four ways, each the median of the runs:
//   - the `sendMessage` action, one message after the other (latency-bound: no batching);
//   - the action with CALLERS concurrent callers (group commit batches them);
//   - `POST /messages` over real HTTP (keep-alive sockets) with 8 and with 32 requests in
//     flight, from a worker thread (the clients get their own event loop, as real clients have
//     their own process). Every request carries a unique `local_id`, as Parley's client does.
//
//   node --import tsx bench/send.ts [messages per run] [runs]
import { Agent, request } from "node:http";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
// Types only (erased): the worker thread, which runs this file too, loads none of the server.
import type { AppContext } from "../server/context";
import type { UserRow } from "../server/db/users";
import { queueOptions } from "../server/test/queue-options";

interface HttpRun {
  concurrency: number;
  count: number;
  /** Distinguishes the local ids of different runs. */
  run: number;
}

interface ClientSetup {
  port: number;
  auth: string;
}

const STREAMS = 4;
const CONTENT =
  "A typical message with **some** emphasis, a [link](https://example.com) and `code`.";

/** Worker thread: sends `count` messages with `concurrency` in flight; answers the seconds taken. */
function clientWorker(setup: ClientSetup): void {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const post = (i: number, run: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const body = new URLSearchParams({
        type: "stream",
        to: `send-${i % STREAMS}`,
        topic: `topic ${i % 10}`,
        content: `${CONTENT} ${i}`,
        local_id: `bench-${run}-${i}`,
      }).toString();
      const req = request(
        {
          host: "127.0.0.1",
          port: setup.port,
          method: "POST",
          path: "/api/v1/messages",
          headers: {
            authorization: setup.auth,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            if (res.statusCode === 200) resolve();
            else reject(new Error(Buffer.concat(chunks).toString("utf8")));
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  parentPort?.on("message", (job: HttpRun) => {
    let next = 0;
    const worker = async () => {
      while (next < job.count) await post(next++, job.run);
    };
    const start = performance.now();
    void Promise.all(Array.from({ length: job.concurrency }, worker)).then(() => {
      parentPort?.postMessage((performance.now() - start) / 1000);
    });
  });
}

if (isMainThread) await main();
// workerData is what main() passes: a ClientSetup.
else clientWorker(workerData as ClientSetup);

async function main(): Promise<void> {
  const { sendMessage } = await import("../server/actions/send-message");
  const { findUserById } = await import("../server/db/users");
  const lib = await import("./lib");

  const MESSAGES = Number(process.argv[2] ?? 500);
  const RUNS = Number(process.argv[3] ?? 5);
  const SUBSCRIBERS = 50;
  const CALLERS = 32;
  const HTTP_CONCURRENCY = [8, 32];

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
    const start = lib.now();
    for (let i = 0; i < count; i++) await send(ctx, sender, i);
    return count / ((lib.now() - start) / 1000);
  }

  async function concurrent(ctx: AppContext, sender: UserRow, count: number): Promise<number> {
    let next = 0;
    const caller = async () => {
      while (next < count) await send(ctx, sender, next++);
    };
    const start = lib.now();
    await Promise.all(Array.from({ length: CALLERS }, caller));
    return count / ((lib.now() - start) / 1000);
  }

  const server = await lib.startBenchServer();
  const { ctx } = server;
  await server.app.listen({ host: "127.0.0.1", port: 0 });
  const address = server.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const users = await lib.createUsers(ctx, "send", SUBSCRIBERS);
  for (let s = 0; s < STREAMS; s++) {
    await lib.createStream(
      ctx,
      `send-${s}`,
      users.map((user) => user.id),
    );
  }
  const options = queueOptions({ clientName: "bench" });
  for (const user of users) ctx.queues.create(user.id, options);
  const sender = users[0];
  const senderRow = sender ? await findUserById(ctx.db, sender.id) : undefined;
  if (!sender || !senderRow) throw new Error("no sender");

  // Node 20 does not apply `--import tsx` to a worker's entry file: register tsx first.
  const entry = new URL(import.meta.url).href;
  const bootstrap = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const setup: ClientSetup = { port: address.port, auth: sender.auth };
  const clients = new Worker(bootstrap, { eval: true, workerData: setup });
  let httpRuns = 0;
  const viaHttp = (concurrency: number, count: number): Promise<number> =>
    new Promise((resolve) => {
      clients.once("message", (seconds: number) => {
        resolve(count / seconds);
      });
      clients.postMessage({ concurrency, count, run: httpRuns++ } satisfies HttpRun);
    });

  const drainQueues = () => {
    for (const queue of ctx.queues.all()) {
      const pending = queue.pending();
      const last = pending[pending.length - 1];
      if (last) queue.acknowledge(last.id);
    }
  };

  const figures = {
    action: [] as number[],
    actionConcurrent: [] as number[],
    http8: [] as number[],
    http32: [] as number[],
  };
  // One warm-up run of each, then the measured runs, alternating.
  for (let run = -1; run < RUNS; run++) {
    const count = run < 0 ? 100 : MESSAGES;
    // The queues are emptied after each measure, as polling clients would keep them.
    const action = await sequential(ctx, senderRow, count);
    drainQueues();
    const actionConcurrent = await concurrent(ctx, senderRow, count);
    drainQueues();
    const http8 = await viaHttp(HTTP_CONCURRENCY[0] ?? 8, count);
    drainQueues();
    const http32 = await viaHttp(HTTP_CONCURRENCY[1] ?? 32, count);
    drainQueues();
    if (run < 0) continue;
    figures.action.push(lib.round(action));
    figures.actionConcurrent.push(lib.round(actionConcurrent));
    figures.http8.push(lib.round(http8));
    figures.http32.push(lib.round(http32));
  }
  await clients.terminate();
  const result = {
    subscribersPerStream: SUBSCRIBERS,
    messagesPerRun: MESSAGES,
    runs: RUNS,
    concurrentCallers: CALLERS,
    httpConcurrency: HTTP_CONCURRENCY,
    goal: ">= 1000 messages/s",
    actionPerSecond: lib.median(figures.action),
    actionConcurrentPerSecond: lib.median(figures.actionConcurrent),
    http8PerSecond: lib.median(figures.http8),
    http32PerSecond: lib.median(figures.http32),
    perRun: figures,
  };
  console.log(
    `sending to streams of ${SUBSCRIBERS} subscribers on ${lib.backend()}, median of ${RUNS} runs of ${MESSAGES}:`,
  );
  console.log(`  sendMessage action, sequential: ${result.actionPerSecond} messages/s`);
  console.log(
    `  sendMessage action, ${CALLERS} concurrent callers: ${result.actionConcurrentPerSecond} messages/s`,
  );
  console.log(`  POST /messages over HTTP, 8 in flight: ${result.http8PerSecond} messages/s`);
  console.log(`  POST /messages over HTTP, 32 in flight: ${result.http32PerSecond} messages/s`);
  console.log(`  written to ${await lib.writeResults("send", result)}`);
  await server.close({ saveQueues: false });
  process.exit(0);
}
