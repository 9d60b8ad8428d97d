// Sending: messages per second to streams of 50 subscribers each (every subscriber holding one
// event queue, so each message is also published 50 times), on PGlite in memory. Once calling
// the `sendMessage` action directly, once through HTTP (real sockets, keep-alive).
//
//   node --import tsx bench/send.ts [messages per run] [runs]
import { sendMessage } from "../server/actions/send-message";
import type { AppContext } from "../server/context";
import { findUserById, type UserRow } from "../server/db/users";
import type { QueueOptions } from "../server/events/event-queue";
import {
  backend,
  createStream,
  createUsers,
  median,
  now,
  round,
  startBenchServer,
  writeResults,
  type BenchUser,
} from "./lib";

const MESSAGES = Number(process.argv[2] ?? 500);
const RUNS = Number(process.argv[3] ?? 5);
const SUBSCRIBERS = 50;
const STREAMS = 4;
const HTTP_CONCURRENCY = 8;

const QUEUE_OPTIONS: QueueOptions = {
  eventTypes: null,
  applyMarkdown: false,
  clientGravatar: true,
  allPublicStreams: false,
  narrow: [],
  capabilities: {},
  lifespanMs: 3_600_000,
  clientName: "bench",
};

const CONTENT =
  "A typical message with **some** emphasis, a [link](https://example.com) and `code`.";

async function viaAction(ctx: AppContext, sender: UserRow, count: number): Promise<number> {
  const start = now();
  for (let i = 0; i < count; i++) {
    await sendMessage(ctx, sender, {
      target: { kind: "stream", stream: `send-${i % STREAMS}`, topic: `topic ${i % 10}` },
      content: `${CONTENT} ${i}`,
      client: "bench",
      readBySender: undefined,
      queueId: undefined,
      localId: undefined,
    });
  }
  return count / ((now() - start) / 1000);
}

async function viaHttp(baseUrl: string, sender: BenchUser, count: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${baseUrl}/api/v1/messages`, {
        method: "POST",
        headers: {
          authorization: sender.auth,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          type: "stream",
          to: `send-${i % STREAMS}`,
          topic: `topic ${i % 10}`,
          content: `${CONTENT} ${i}`,
        }),
      });
      if (response.status !== 200) throw new Error(await response.text());
      await response.arrayBuffer();
    }
  };
  const start = now();
  await Promise.all(Array.from({ length: HTTP_CONCURRENCY }, worker));
  return count / ((now() - start) / 1000);
}

const server = await startBenchServer();
const { ctx } = server;
const baseUrl = await server.app.listen({ host: "127.0.0.1", port: 0 });
const users = await createUsers(ctx, "send", SUBSCRIBERS);
for (let s = 0; s < STREAMS; s++) {
  await createStream(
    ctx,
    `send-${s}`,
    users.map((user) => user.id),
  );
}
for (const user of users) ctx.queues.create(user.id, QUEUE_OPTIONS);
const sender = users[0];
const senderRow = sender ? await findUserById(ctx.db, sender.id) : undefined;
if (!sender || !senderRow) throw new Error("no sender");

// One warm-up run of each, then the measured runs, alternating.
await viaAction(ctx, senderRow, 100);
await viaHttp(baseUrl, sender, 100);
const action: number[] = [];
const http: number[] = [];
for (let run = 0; run < RUNS; run++) {
  action.push(round(await viaAction(ctx, senderRow, MESSAGES)));
  http.push(round(await viaHttp(baseUrl, sender, MESSAGES)));
  // Keep the queues from growing without bound between runs.
  for (const queue of ctx.queues.all()) {
    const pending = queue.pending();
    const last = pending[pending.length - 1];
    if (last) queue.acknowledge(last.id);
  }
}
const result = {
  subscribersPerStream: SUBSCRIBERS,
  messagesPerRun: MESSAGES,
  runs: RUNS,
  httpConcurrency: HTTP_CONCURRENCY,
  goal: ">= 1000 messages/s",
  actionPerSecond: median(action),
  httpPerSecond: median(http),
  perRun: { action, http },
};
console.log(
  `sending to streams of ${SUBSCRIBERS} subscribers on ${backend()}, median of ${RUNS} runs of ${MESSAGES}:`,
);
console.log(`  sendMessage action: ${result.actionPerSecond} messages/s`);
console.log(
  `  POST /messages over HTTP (${HTTP_CONCURRENCY} in flight): ${result.httpPerSecond} messages/s`,
);
console.log(`  written to ${await writeResults("send", result)}`);
await server.close({ saveQueues: false });
process.exit(0);
