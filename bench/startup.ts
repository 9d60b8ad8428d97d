// Start-up of the server, the two ways it runs: `node --import tsx server/main.ts` (`npm run
// serve`: TypeScript compiled as it loads) and `node dist/server/main.js` (`npm start`: the
// bundle). For each, the wall time from spawning the process to its first answered
// `GET /api/v1/server_settings`, and the CPU time the process had used by then (from /proc, so
// Linux only). Measured on one data folder that already holds the demo (runs of the two ways
// alternated, the order swapped every round) and, once per way, on a fresh folder where the
// start migrates and seeds the demo organisation (`DEMO_SIZE`, default `default`).
// Prints the figures and writes bench/results/startup.json.
//
//   node --import tsx bench/startup.ts [runs=9]
// Builds the client and the server into dist/bench-startup/ first. With STARTUP_DIST=<folder>
// (holding client/ and server/main.js, e.g. `dist` after `npm run build`) it starts that build
// and builds nothing.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { freePort, median, round, serverProcessEnv, writeResults } from "./lib";

const ROOT = join(import.meta.dirname, "..");
const PREBUILT = process.env["STARTUP_DIST"];
const DIST = PREBUILT === undefined ? join(ROOT, "dist", "bench-startup") : resolve(ROOT, PREBUILT);
const runs = Number(process.argv[2] ?? 9);
const DEMO_SIZE = process.env["DEMO_SIZE"] ?? "default";
/** Milliseconds per clock tick of /proc's CPU times. */
const MS_PER_TICK = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));
const POLL_MS = 5;

type Way = "tsx" | "bundle";
/** The arguments of `node` for each way, as the npm scripts run them. */
const WAYS: Readonly<Record<Way, readonly string[]>> = {
  tsx: ["--import", "tsx", "server/main.ts"],
  bundle: [join(DIST, "server", "main.js")],
};

interface Start {
  wallMs: number;
  cpuMs: number;
  /** The one-minute load average when the server answered. */
  load: number;
}

/** Servers running now, for stopping them when the benchmark is interrupted. */
const running = new Set<ChildProcess>();

async function buildBoth(): Promise<void> {
  const common = { root: ROOT, logLevel: "warn" as const };
  await build({
    ...common,
    configFile: join(ROOT, "vite.config.ts"),
    build: { outDir: join(DIST, "client"), emptyOutDir: true },
  });
  await build({
    ...common,
    configFile: join(ROOT, "vite.server.config.ts"),
    build: { outDir: join(DIST, "server"), emptyOutDir: true },
  });
}

/** User plus system CPU time of a running process so far. */
function cpuTimeMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: state is the
  // first, utime the 12th and stime the 13th (fields 14 and 15 of proc(5)).
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves on the first 200 of `GET /api/v1/server_settings`; rejects if the server exits. */
async function firstAnswer(child: ChildProcess, port: number): Promise<void> {
  const url = `http://127.0.0.1:${port}/api/v1/server_settings`;
  const deadline = Date.now() + 600_000;
  while (!hasExited(child) && Date.now() < deadline) {
    const answered = await fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (answered) return;
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  throw new Error(`the server did not answer (exit ${String(child.exitCode ?? child.signalCode)})`);
}

/** SIGTERM (the server saves its queues and closes the database), SIGKILL if that hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (!hasExited(child)) {
    const exited = new Promise((done) => child.once("exit", done));
    const kill = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.kill("SIGTERM");
    await exited;
    clearTimeout(kill);
  }
  running.delete(child);
}

/** One start of `way` on `dataDir`, stopped once measured. */
async function startOnce(way: Way, dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, WAYS[way], {
    cwd: ROOT,
    env: serverProcessEnv({ port, dataDir, clientDir: join(DIST, "client"), demoSize: DEMO_SIZE }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  running.add(child);
  try {
    await firstAnswer(child, port);
    const wallMs = performance.now() - started;
    if (child.pid === undefined) throw new Error("no process id");
    return { wallMs, cpuMs: cpuTimeMs(child.pid), load: loadavg()[0] ?? Number.NaN };
  } finally {
    await stop(child);
  }
}

function spread(values: readonly number[]) {
  return {
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  };
}

function summary(starts: readonly Start[]) {
  return {
    runs: starts.length,
    wallMs: spread(starts.map((start) => start.wallMs)),
    cpuMs: spread(starts.map((start) => start.cpuMs)),
    all: starts.map((start) => ({ wallMs: round(start.wallMs), cpuMs: round(start.cpuMs) })),
  };
}

function one(start: Start) {
  return { wallMs: round(start.wallMs), cpuMs: round(start.cpuMs) };
}

async function report(seeds: Record<Way, Start>, existing: Record<Way, Start[]>): Promise<void> {
  const tsx = summary(existing.tsx);
  const bundle = summary(existing.bundle);
  const loads = [...Object.values(seeds), ...existing.tsx, ...existing.bundle].map((s) => s.load);
  const result = {
    how: "spawn to the first 200 of GET /api/v1/server_settings (polled every 5 ms); CPU: /proc",
    ways: { tsx: "node --import tsx server/main.ts", bundle: "node dist/server/main.js" },
    build: PREBUILT ?? "dist/bench-startup (built by the benchmark)",
    demo: DEMO_SIZE,
    existingData: {
      tsx,
      bundle,
      bundleOverTsx: {
        wall: round(bundle.wallMs.median / tsx.wallMs.median, 2),
        cpu: round(bundle.cpuMs.median / tsx.cpuMs.median, 2),
      },
    },
    demoSeed: { tsx: one(seeds.tsx), bundle: one(seeds.bundle) },
    loadAverage1m: { min: round(Math.min(...loads), 2), max: round(Math.max(...loads), 2) },
    loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${await writeResults("startup", result)}`);
}

/** The demo seeded once per way, then `runs` alternated starts of each on the first folder. */
async function measure(base: string): Promise<void> {
  const seeded = join(base, "seeded-by-tsx");
  const seeds = {
    tsx: await startOnce("tsx", seeded),
    bundle: await startOnce("bundle", join(base, "seeded-by-bundle")),
  };
  const existing: Record<Way, Start[]> = { tsx: [], bundle: [] };
  for (let round = 0; round < runs; round++) {
    const order: Way[] = round % 2 === 0 ? ["tsx", "bundle"] : ["bundle", "tsx"];
    for (const way of order) existing[way].push(await startOnce(way, seeded));
  }
  await report(seeds, existing);
}

async function main(): Promise<void> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error("runs must be a positive integer");
  if (PREBUILT === undefined) await buildBoth();
  for (const file of [join(DIST, "server", "main.js"), join(DIST, "client", "index.html")]) {
    if (!existsSync(file)) throw new Error(`no ${file}: build first (npm run build)`);
  }
  const base = mkdtempSync(join(tmpdir(), "parley-startup-"));
  const cleanUp = () => {
    for (const child of running) child.kill("SIGKILL");
    rmSync(base, { recursive: true, force: true });
  };
  const interrupted = () => {
    cleanUp();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    await measure(base);
  } finally {
    cleanUp();
  }
}

await main();
