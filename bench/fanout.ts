// Fan-out: 1,000 users, each with a long poll parked over real HTTP on one stream they are all
// subscribed to; one message is sent; how long until every poll has its event (p50, p99). The
// server runs as `npm start` runs it: PGlite on disk in a fresh data folder (`--postgres`: a fresh
// database on DATABASE_URL's server). Compared in the same run, round by round: a bare node:http
// server that parks 1,000 requests and answers them all on a trigger (the floor any Node server
// pays for this). The two alternate every round, each going first every other round, so noise
// on the machine hits both alike.
//
//   node --import tsx bench/fanout.ts [users] [rounds] [--postgres]
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { queueOptions } from "../server/test/queue-options";
import type { ClientsSetup, RoundResult } from "./fanout-clients";
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
  until,
  writeResults,
} from "./lib";

const ARGS = parseBenchArgs(
  process.argv.slice(2),
  "usage: bench/fanout.ts [users] [rounds] [--postgres]",
);
const USERS = ARGS.numbers[0] ?? 1000;
const ROUNDS = ARGS.numbers[1] ?? 7;

interface RoundFigures {
  p50: number;
  p99: number;
  max: number;
  /** Until the send request itself had its answer (Parley only). */
  sendMs?: number;
}

/** One side of the comparison: runs one round when asked, over its own pool of clients. */
interface Contender {
  round(r: number): Promise<RoundFigures>;
  stop(): Promise<void>;
}

function startClients(setup: ClientsSetup) {
  const worker = startBenchWorker(new URL("./fanout-clients.ts", import.meta.url), setup);
  return {
    run: (roundNumber: number, lastEventId: number) =>
      new Promise<RoundResult>((resolve) => {
        worker.once("message", resolve);
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

async function startParley(): Promise<Contender & { backend: string }> {
  const server = await startBenchServer("fanout", { postgres: ARGS.postgres });
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
  return {
    backend: server.backend,
    async round(r) {
      const answered = pool.run(r, r - 1);
      await until(() => parked() === USERS);
      const start = now();
      const response = await fetch(`${address}/api/v1/messages`, {
        method: "POST",
        headers: {
          authorization: sender.auth,
          "content-type": "application/x-www-form-urlencoded",
        },
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
      return { ...figures(result.arrivals, start), sendMs: round(sendMs, 2) };
    },
    async stop() {
      await pool.stop();
      await server.close();
    },
  };
}

/** The same event JSON size as Parley's answer, so both write the same bytes. */
const FLOOR_BODY = JSON.stringify({
  result: "success",
  msg: "",
  events: [{ type: "message", id: 0, flags: [], message: { content: "x".repeat(700) } }],
  queue_id: "00000000-0000-0000-0000-000000000000",
});

async function startFloor(): Promise<Contender> {
  let parked: ServerResponse[] = [];
  const server = createServer((_, res) => {
    parked.push(res);
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  const clients = Array.from({ length: USERS }, () => ({ auth: "", queueId: "q" }));
  const pool = startClients({ port, clients });
  return {
    async round(r) {
      const answered = pool.run(r, r - 1);
      await until(() => parked.length === USERS);
      const start = now();
      const waiting = parked;
      parked = [];
      for (const res of waiting) {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end(FLOOR_BODY);
      }
      return figures((await answered).arrivals, start);
    },
    async stop() {
      await pool.stop();
      server.closeAllConnections();
      server.close();
    },
  };
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

const floor = await startFloor();
const parley = await startParley();
const perRound = { parley: [] as RoundFigures[], floor: [] as RoundFigures[] };
// Round 0 warms both up and is not counted.
for (let r = 0; r <= ROUNDS; r++) {
  const parleyFirst = r % 2 === 1;
  const first = await (parleyFirst ? parley : floor).round(r);
  const second = await (parleyFirst ? floor : parley).round(r);
  if (r === 0) continue;
  perRound.parley.push(parleyFirst ? first : second);
  perRound.floor.push(parleyFirst ? second : first);
}
await parley.stop();
await floor.stop();
const ratios = perRound.parley.map((p, i) => p.p99 / (perRound.floor[i]?.p99 ?? Number.NaN));
const result = {
  users: USERS,
  rounds: ROUNDS,
  backend: parley.backend,
  order: "interleaved: Parley and the floor alternate round by round, each first every other round",
  goal: "p99 <= 200 ms",
  parley: { ...summary(perRound.parley), perRound: perRound.parley },
  floor: { ...summary(perRound.floor), perRound: perRound.floor },
  p99RatioToFloor: round(median(ratios), 2),
};
console.log(
  `fan-out to ${USERS} parked polls on ${parley.backend}, median of ${ROUNDS} interleaved rounds (after one warm-up):`,
);
console.log(
  `  Parley:     p50 ${result.parley.p50Ms} ms, p99 ${result.parley.p99Ms} ms, max ${result.parley.maxMs} ms (send answered after ${result.parley.sendMs ?? "?"} ms)`,
);
console.log(
  `  bare node:  p50 ${result.floor.p50Ms} ms, p99 ${result.floor.p99Ms} ms, max ${result.floor.maxMs} ms`,
);
console.log(`  p99 Parley / floor, median of the rounds' ratios: ${result.p99RatioToFloor}×`);
console.log(`  written to ${await writeResults("fanout", result, { postgres: ARGS.postgres })}`);
process.exit(0);
