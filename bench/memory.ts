// Memory of the server as `npm start` runs it (PGlite on disk in a data folder with the demo
// organisation; `--postgres`: a fresh database on DATABASE_URL's server), RSS and V8 heap:
//   0. the first start, which seeds the demo into the fresh folder (a child process: PGlite
//      does not give back all the memory of the seed, so it is a start of its own);
//   1. a start on that data, as every start after the first;
//   2. with CLIENTS clients registered over HTTP as Parley's client registers (full state), then
//      each holding a long poll parked, then after one message answered every poll; the clients
//      run in a child process, so their own memory is not counted;
//   3. then 10,000 idle event queues more created in the registry (every option set, no events
//      yet), and again once each holds one message event.
//
//   node --expose-gc --import tsx bench/memory.ts [queues] [clients] [--postgres]
import { fork } from "node:child_process";
import type { QueueOptions } from "../server/events/event-queue";
import { messageEvent } from "../server/test/events";
import type { MemoryClientsJob } from "./memory-clients";
import {
  createStream,
  createUsers,
  measureMemory as measure,
  parseBenchArgs,
  round,
  startBenchServer,
  until,
  writeResults,
  type Memory,
} from "./lib";

const ARGS = parseBenchArgs(
  process.argv.slice(2),
  "usage: bench/memory.ts [queues] [clients] [--postgres]",
);
const QUEUES = ARGS.numbers[0] ?? 10_000;
const CLIENTS = ARGS.numbers[1] ?? 1000;
const USERS = 1000;

if (globalThis.gc === undefined) console.warn("run with --expose-gc for stable figures");

function options(userId: number): QueueOptions {
  return {
    eventTypes: new Set(["message", "update_message", "delete_message", "subscription", "typing"]),
    applyMarkdown: true,
    clientGravatar: true,
    allPublicStreams: false,
    narrow: [],
    capabilities: { notification_settings_null: true, bulk_message_deletion: true },
    lifespanMs: 600_000,
    clientName: `client-${userId % 7}`,
  };
}

/** The clients' child process; each step resolves when the child says it is done. */
function startClients() {
  const child = fork(new URL("./memory-clients.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
  });
  child.on("exit", (code) => {
    if (code !== 0 && code !== null) {
      console.error(`the clients' process stopped (${code})`);
      process.exit(1);
    }
  });
  return {
    step: (job: MemoryClientsJob) =>
      new Promise<void>((resolve) => {
        child.once("message", () => {
          resolve();
        });
        child.send(job);
      }),
    stop: () => child.kill(),
  };
}

const server = await startBenchServer("memory", { postgres: ARGS.postgres });
const { ctx } = server;
const registry = ctx.queues;
await server.app.listen({ host: "127.0.0.1", port: 0 });
const address = server.app.server.address();
if (address === null || typeof address === "string") throw new Error("no port");
const before = measure();

// The clients' users, all in one stream so that one message answers every parked poll.
const users = await createUsers(ctx, "memory", CLIENTS);
const [sender] = await createUsers(ctx, "memory-sender", 1);
if (!sender) throw new Error("no sender");
await createStream(ctx, "memory", [...users.map((user) => user.id), sender.id]);
const clients = startClients();
await clients.step({ step: "register", port: address.port, auths: users.map((u) => u.auth) });
const registered = measure();
const polled = clients.step({ step: "poll" });
await until(() => [...registry.all()].filter((queue) => queue.isParked).length === CLIENTS);
const polling = measure();
const response = await fetch(`http://127.0.0.1:${address.port}/api/v1/messages`, {
  method: "POST",
  headers: { authorization: sender.auth, "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ type: "stream", to: "memory", topic: "bench", content: "Hello." }),
});
if (response.status !== 200) throw new Error(`send failed: ${await response.text()}`);
await polled;
const answered = measure();
clients.stop();

// The queues alone, as before: created in the registry, as `register` creates them.
const beforeQueues = measure();
for (let i = 0; i < QUEUES; i++) registry.create(1 + (i % USERS), options(i));
const idle = measure();
// One typical message event in every queue, every field the client's schema requires (events
// are built per queue, as publish does).
registry.publish(
  Array.from({ length: USERS }, (_, i) => i + 1),
  () => messageEvent(1, "<p>A typical message of a few words.</p>"),
);
const withEvent = measure();
const per = (a: number, b: number, count: number) => round(((b - a) * 2 ** 20) / count, 0);
const result = {
  backend: server.backend,
  note: "RSS includes PGlite's worker thread; heap is the server thread's V8 heap only",
  clients: CLIENTS,
  queues: QUEUES,
  users: USERS,
  firstStartSeeding: server.seedingProcess ?? null,
  before,
  afterClientsRegistered: registered,
  afterClientsPolling: polling,
  afterPollsAnswered: answered,
  beforeIdleQueues: beforeQueues,
  afterIdleQueues: idle,
  afterOneEventEach: withEvent,
  bytesPerClient: {
    registeredRss: per(before.rssMiB, registered.rssMiB, CLIENTS),
    registeredHeap: per(before.heapUsedMiB, registered.heapUsedMiB, CLIENTS),
    pollingRss: per(before.rssMiB, polling.rssMiB, CLIENTS),
    pollingHeap: per(before.heapUsedMiB, polling.heapUsedMiB, CLIENTS),
  },
  bytesPerIdleQueue: {
    rss: per(beforeQueues.rssMiB, idle.rssMiB, QUEUES),
    heap: per(beforeQueues.heapUsedMiB, idle.heapUsedMiB, QUEUES),
  },
  bytesPerEvent: { heap: per(idle.heapUsedMiB, withEvent.heapUsedMiB, QUEUES) },
};
const line = (label: string, memory: Memory, extra = "") => {
  console.log(
    `  ${label.padEnd(30)} RSS ${memory.rssMiB} MiB, heap ${memory.heapUsedMiB} MiB${extra}`,
  );
};
console.log(`memory of the server on ${server.backend}, with the demo:`);
if (server.seedingProcess) line("first start, seeding:", server.seedingProcess);
// On PostgreSQL this process seeded the fresh database itself.
line(server.seedingProcess ? "a start on that data:" : "started, seeding the demo:", before);
line(
  `${CLIENTS} clients registered:`,
  registered,
  ` (≈ ${result.bytesPerClient.registeredHeap} bytes of heap each)`,
);
line(
  "each with a poll parked:",
  polling,
  ` (≈ ${result.bytesPerClient.pollingHeap} bytes of heap each)`,
);
line("after one message answered:", answered);
line(
  `${QUEUES} idle queues more:`,
  idle,
  ` (≈ ${result.bytesPerIdleQueue.heap} bytes of heap per queue)`,
);
line("one event in each:", withEvent, ` (≈ ${result.bytesPerEvent.heap} bytes per queued event)`);
console.log(`  written to ${await writeResults("memory", result, { postgres: ARGS.postgres })}`);
await server.close();
process.exit(0);
