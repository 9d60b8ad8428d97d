// Fan-out: 1,000 users, each with a long poll parked over real HTTP on one stream they are all
// subscribed to; one message is sent; how long until every poll has its event (p50, p99).
// Side by side, in the same run: a bare node:http server that parks 1,000 requests and answers
// them all on a trigger (the floor any Node server pays for this).
//
//   node --import tsx bench/fanout.ts [users] [rounds]
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { queueOptions } from "../server/test/queue-options";
import type { ClientsSetup, RoundResult } from "./fanout-clients";
import {
  createStream,
  createUsers,
  median,
  now,
  percentile,
  round,
  startBenchServer,
  until,
  writeResults,
} from "./lib";

const USERS = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 7);

interface RoundFigures {
  p50: number;
  p99: number;
  max: number;
  /** Until the send request itself had its answer (Parley only). */
  sendMs?: number;
}

function startClients(setup: ClientsSetup): {
  run: (round: number, lastEventId: number) => Promise<RoundResult>;
  stop: () => Promise<number>;
} {
  // Node 20 does not apply `--import tsx` to a worker's entry file: register tsx first.
  const entry = new URL("./fanout-clients.ts", import.meta.url).href;
  const bootstrap = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: setup });
  return {
    run: (roundNumber, lastEventId) =>
      new Promise((resolve) => {
        worker.once("message", (result: RoundResult) => {
          resolve(result);
        });
        worker.postMessage({ round: roundNumber, lastEventId });
      }),
    stop: () => worker.terminate(),
  };
}

function figures(arrivals: readonly number[], start: number): RoundFigures {
  const latencies = arrivals.map((at) => at - start);
  return {
    p50: round(percentile(latencies, 50), 2),
    p99: round(percentile(latencies, 99), 2),
    max: round(Math.max(...latencies), 2),
  };
}

const QUEUE_OPTIONS = queueOptions({ clientName: "bench" });

async function parleyRounds(): Promise<RoundFigures[]> {
  const server = await startBenchServer();
  const { ctx } = server;
  const address = await server.app.listen({ host: "127.0.0.1", port: 0 });
  const users = await createUsers(ctx, "fan", USERS);
  const [sender] = await createUsers(ctx, "sender", 1);
  if (!sender) throw new Error("no sender");
  await createStream(
    ctx,
    "fanout",
    users.map((user) => user.id),
  );
  const clients = users.map((user) => ({
    auth: user.auth,
    queueId: ctx.queues.create(user.id, QUEUE_OPTIONS).id,
  }));
  const parked = () => [...ctx.queues.all()].filter((queue) => queue.isParked).length;
  const pool = startClients({ port: Number(new URL(address).port), clients });
  const results: RoundFigures[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const answered = pool.run(r, r - 1);
    await until(() => parked() === USERS);
    const start = now();
    const response = await fetch(`${address}/api/v1/messages`, {
      method: "POST",
      headers: { authorization: sender.auth, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        type: "stream",
        to: "fanout",
        topic: "bench",
        content: `round ${r}`,
      }),
    });
    const sendMs = now() - start;
    if (response.status !== 200) throw new Error(`send failed: ${await response.text()}`);
    const result = await answered;
    if (result.wrong > 0) throw new Error(`${result.wrong} polls did not get the message`);
    if (r > 0) results.push({ ...figures(result.arrivals, start), sendMs: round(sendMs, 2) });
  }
  await pool.stop();
  await server.close({ saveQueues: false });
  return results;
}

/** The same event JSON size as Parley's answer, so both write the same bytes. */
const FLOOR_BODY = JSON.stringify({
  result: "success",
  msg: "",
  events: [{ type: "message", id: 0, flags: [], message: { content: "x".repeat(700) } }],
  queue_id: "00000000-0000-0000-0000-000000000000",
});

async function floorRounds(): Promise<RoundFigures[]> {
  let parked: ServerResponse[] = [];
  const server = createServer((_, res) => {
    parked.push(res);
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  const clients = Array.from({ length: USERS }, () => ({ auth: "", queueId: "q" }));
  const pool = startClients({ port, clients });
  const results: RoundFigures[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const answered = pool.run(r, r - 1);
    await until(() => parked.length === USERS);
    const start = now();
    const waiting = parked;
    parked = [];
    for (const res of waiting) {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(FLOOR_BODY);
    }
    const result = await answered;
    if (r > 0) results.push(figures(result.arrivals, start));
  }
  await pool.stop();
  server.closeAllConnections();
  server.close();
  return results;
}

function summary(rounds: readonly RoundFigures[]) {
  return {
    p50Ms: median(rounds.map((r) => r.p50)),
    p99Ms: median(rounds.map((r) => r.p99)),
    maxMs: median(rounds.map((r) => r.max)),
    ...(rounds[0]?.sendMs === undefined
      ? {}
      : { sendMs: median(rounds.map((r) => r.sendMs ?? 0)) }),
  };
}

const floor = await floorRounds();
const parley = await parleyRounds();
const result = {
  users: USERS,
  rounds: ROUNDS,
  goal: "p99 <= 200 ms",
  parley: { ...summary(parley), perRound: parley },
  floor: { ...summary(floor), perRound: floor },
};
console.log(`fan-out to ${USERS} parked polls, median of ${ROUNDS} rounds (after one warm-up):`);
console.log(
  `  Parley:     p50 ${result.parley.p50Ms} ms, p99 ${result.parley.p99Ms} ms, max ${result.parley.maxMs} ms (send answered after ${result.parley.sendMs ?? "?"} ms)`,
);
console.log(
  `  bare node:  p50 ${result.floor.p50Ms} ms, p99 ${result.floor.p99Ms} ms, max ${result.floor.maxMs} ms`,
);
console.log(`  written to ${await writeResults("fanout", result)}`);
process.exit(0);
