// Memory: RSS and V8 heap before and after creating 10,000 idle event queues (as `register`
// creates them: every option set, no events yet), and again once each holds one message event.
//
//   node --expose-gc --import tsx bench/memory.ts [queues]
import type { QueueOptions } from "../server/events/event-queue";
import { messageEvent } from "../server/test/events";
import { round, startBenchServer, writeResults } from "./lib";

const QUEUES = Number(process.argv[2] ?? 10_000);
const USERS = 1000;

if (globalThis.gc === undefined) console.warn("run with --expose-gc for stable figures");

function measure(): { rssMiB: number; heapUsedMiB: number } {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rssMiB: round(usage.rss / 2 ** 20, 2), heapUsedMiB: round(usage.heapUsed / 2 ** 20, 2) };
}

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

// The whole server (PGlite with the demo organisation, Fastify) is up, so "before" is the
// server's own footprint and the difference is what the queues cost.
const server = await startBenchServer();
const registry = server.ctx.queues;
const before = measure();
for (let i = 0; i < QUEUES; i++) registry.create(1 + (i % USERS), options(i));
const idle = measure();
// One typical message event in every queue, every field the client's schema requires (events
// are built per queue, as publish does).
registry.publish(
  Array.from({ length: USERS }, (_, i) => i + 1),
  () => messageEvent(1, "<p>A typical message of a few words.</p>"),
);
const withEvent = measure();
const perQueue = (a: number, b: number) => round(((b - a) * 2 ** 20) / QUEUES, 0);
const result = {
  queues: QUEUES,
  users: USERS,
  before,
  afterIdleQueues: idle,
  afterOneEventEach: withEvent,
  bytesPerIdleQueue: {
    rss: perQueue(before.rssMiB, idle.rssMiB),
    heap: perQueue(before.heapUsedMiB, idle.heapUsedMiB),
  },
  bytesPerEvent: { heap: perQueue(idle.heapUsedMiB, withEvent.heapUsedMiB) },
};
console.log(`${QUEUES} idle queues of ${USERS} users, in a running server:`);
console.log(`  before:            RSS ${before.rssMiB} MiB, heap ${before.heapUsedMiB} MiB`);
console.log(
  `  after creating:    RSS ${idle.rssMiB} MiB, heap ${idle.heapUsedMiB} MiB (≈ ${result.bytesPerIdleQueue.heap} bytes of heap per queue)`,
);
console.log(
  `  one event in each: RSS ${withEvent.rssMiB} MiB, heap ${withEvent.heapUsedMiB} MiB (≈ ${result.bytesPerEvent.heap} bytes per queued event)`,
);
console.log(`  written to ${await writeResults("memory", result)}`);
await server.close({ saveQueues: false });
