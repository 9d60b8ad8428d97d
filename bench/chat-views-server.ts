// The chat views on a huge history, in Chromium, with the narrows fetched from the real server
// (issue 21): a production build served by `server/main.ts` (bench/app-server.ts) on a copy of a
// seeded history (default `.data/bench-history/pglite-100000`, made by `npm run bench:history`)
// and, beside it, on a fresh small demo (3,000 messages), both logged in as hamlet.
//   (a) switching streams: in a fresh context opened on #general, a click on a stream never
//       visited (its first window fetched from the server), on a second one, then back on the
//       first and on the second (from the store): the click event's time → the paint of the
//       first frame whose rows in view are all the new stream's, checked after that frame's
//       layout and resize observers (bench/chat-views-switch.ts); whether the "Loading
//       messages…" spinner showed meanwhile and whether a `GET /messages` left during the
//       switch (goals ≤ 150 ms with a fetch, ≤ 50 ms from the store). Rounds of the two demos
//       interleaved;
//   (b) the reload: a fresh context (empty HTTP cache) opened on #general, navigation → first
//       message row painted, as bench/cold-start.ts measures it, the two demos interleaved run
//       by run; the ratio huge / small (goal ≤ 1.2).
// Prints the figures and writes bench/results/chat-views-server.json.
//
//   node --import tsx bench/chat-views-server.ts [--runs 7] [--seeded <folder>]
// With CHAT_VIEWS_CLIENT_DIR=<folder> it serves a client built before instead of building one.
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { z } from "zod";
import {
  firstMessageScript,
  logIn,
  startAppServer,
  streamHash,
  waitInPage,
  withAppInChromium,
  type AppServer,
  type Login,
} from "./app-server";
import { median, round, writeResults } from "./lib";
import { SWITCH_WATCHER, switchSchema, type SwitchFigures } from "./chat-views-switch";

const ROOT = join(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    seeded: { type: "string", default: join(".data", "bench-history", "pglite-100000") },
  },
});
const runs = Number(args.runs);
const SEEDED = resolve(ROOT, args.seeded);
const EMAIL = "hamlet@parley.test";
const FIRST_STREAM = "general";

interface Demo {
  name: "small" | "huge";
  server: AppServer;
  login: Login;
  url: string;
  stop(): Promise<void>;
}

const firstSchema = z.object({ seenMs: z.number(), paintedMs: z.number() });
const entrySchema = z.object({
  name: z.string(),
  startTime: z.number(),
  responseEnd: z.number(),
  encodedBodySize: z.number(),
});
const READ_RELOAD = `({
  first: window.__firstMessage,
  resources: performance.getEntriesByType("resource").map((entry) => ({
    name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd,
    encodedBodySize: entry.encodedBodySize,
  })),
})`;

const READ_MESSAGE_FETCHES = `performance.getEntriesByType("resource")
  .filter((entry) => new URL(entry.name).pathname === "/api/v1/messages")
  .map((entry) => ({ name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd,
    encodedBodySize: entry.encodedBodySize }))`;

/** A fresh context on the demo's #general, until its first message row is painted. */
async function openFresh(browser: Browser, demo: Demo) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: firstMessageScript(demo.login.session) });
  const page = await context.newPage();
  await page.goto(demo.url);
  await waitInPage(page, "window.__firstMessage !== undefined", 120_000);
  return { context, page };
}

/** One reload: navigation → first row painted, and when register and the fetch answered. */
async function reload(browser: Browser, demo: Demo) {
  const { context, page } = await openFresh(browser, demo);
  try {
    const read = z
      .object({ first: firstSchema, resources: z.array(entrySchema) })
      .parse(await page.evaluate(READ_RELOAD));
    const call = (path: string) =>
      read.resources.find((entry) => new URL(entry.name).pathname === path);
    const register = call("/api/v1/register");
    const registerEnd = register?.responseEnd ?? Number.NaN;
    return {
      paintedMs: round(read.first.paintedMs),
      registerAnsweredMs: round(registerEnd),
      registerServerMs: round(registerEnd - (register?.startTime ?? Number.NaN)),
      registerKB: round((register?.encodedBodySize ?? Number.NaN) / 1024),
      messagesAnsweredMs: round(call("/api/v1/messages")?.responseEnd ?? Number.NaN),
      paintAfterRegisterMs: round(read.first.paintedMs - registerEnd),
    };
  } finally {
    await context.close();
  }
}

/** Clicks the sidebar link of `stream` and times it to the paint of its rows. */
async function switchTo(page: Page, stream: string): Promise<SwitchFigures> {
  const fetches: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === "/api/v1/messages") fetches.push(request.url());
  };
  page.on("request", onRequest);
  try {
    await page.evaluate(SWITCH_WATCHER);
    const link = page
      .locator("a.stream-link")
      .filter({ has: page.locator(".stream-name", { hasText: new RegExp(`^${stream}$`) }) });
    await link.click();
    await waitInPage(page, "window.__switch.paintedMs !== null", 60_000);
    const figures = switchSchema.parse(await page.evaluate("window.__switch"));
    // The first window's request, if one left: how long the server took to answer it.
    const entries = z
      .array(entrySchema)
      .parse(await page.evaluate(READ_MESSAGE_FETCHES))
      .filter((entry) => entry.startTime >= figures.clickMs && entry.responseEnd > 0);
    const first = entries[0];
    return {
      ...figures,
      fetched: fetches.length > 0,
      fetchMs: first === undefined ? null : first.responseEnd - first.startTime,
    };
  } finally {
    page.off("request", onRequest);
  }
}

type ReloadFigures = Awaited<ReturnType<typeof reload>>;
type SwitchRound = Awaited<ReturnType<typeof switchRound>>;

/** One round: two streams never visited in this context, then back on each. */
async function switchRound(browser: Browser, demo: Demo, pair: readonly [string, string]) {
  const { context, page } = await openFresh(browser, demo);
  try {
    const [first, second] = pair;
    const fetched = [await switchTo(page, first), await switchTo(page, second)];
    const stored = [await switchTo(page, first), await switchTo(page, second)];
    return { fetched, stored };
  } finally {
    await context.close();
  }
}

async function startDemo(name: Demo["name"], clientDir: string): Promise<Demo> {
  const server = await startAppServer(
    name === "small" ? { clientDir, demoSize: "default" } : { clientDir, seeded: SEEDED },
  );
  const login = await logIn(server.url, EMAIL);
  const general = login.streams.find((stream) => stream.name === FIRST_STREAM);
  if (general === undefined) throw new Error(`${EMAIL} is not in #${FIRST_STREAM} (${name})`);
  return {
    name,
    server,
    login,
    url: `${server.url}/${streamHash(general)}`,
    stop: () => server.stop(),
  };
}

/** The stream pairs of the rounds: the person's streams but #general, taken in turn. */
function pairsOf(demo: Demo): [string, string][] {
  const names = demo.login.streams
    .map((stream) => stream.name)
    .filter((name) => name !== FIRST_STREAM && /^[\w -]+$/.test(name));
  if (names.length < 2) throw new Error(`${EMAIL} has fewer than 3 streams (${demo.name})`);
  return Array.from({ length: runs }, (_, index) => {
    const at = (offset: number) => names[(2 * index + offset) % names.length] ?? "";
    return [at(0), at(1)];
  });
}

/** How many messages the seeded history holds (its seed record). */
function seededMessages(): number {
  const record: unknown = JSON.parse(readFileSync(join(SEEDED, "bench-seed.json"), "utf8"));
  return z.object({ messages: z.number() }).parse(record).messages;
}

function summarise(samples: readonly SwitchFigures[]) {
  const painted = samples.map((sample) => sample.paintedMs - sample.clickMs);
  return {
    samples: samples.length,
    medianClickToPaintMs: round(median(painted)),
    maxClickToPaintMs: round(Math.max(...painted)),
    withSpinner: samples.filter((sample) => sample.spinnerFrames > 0).length,
    withFetch: samples.filter((sample) => sample.fetched).length,
    medianFetchMs: round(median(samples.flatMap((sample) => sample.fetchMs ?? []))),
    all: painted.map((ms) => round(ms)),
  };
}

async function main(): Promise<void> {
  if (!existsSync(join(SEEDED, "bench-seed.json"))) {
    throw new Error(`${SEEDED} is not a finished seed: run npm run bench:history first`);
  }
  await withAppInChromium(
    { env: "CHAT_VIEWS_CLIENT_DIR", folder: "bench-chat-views-server" },
    async (clientDir) => [await startDemo("small", clientDir), await startDemo("huge", clientDir)],
    measure,
  );
}

/** Reloads and stream switches on both demos, interleaved, reported and written. */
async function measure(demos: readonly Demo[], browser: Browser): Promise<void> {
  // Warm-up: each server's first register and fetches.
  for (const demo of demos) await reload(browser, demo);
  const reloads = new Map(demos.map((demo) => [demo.name, [] as ReloadFigures[]]));
  for (let run = 0; run < runs; run++) {
    for (const demo of demos) reloads.get(demo.name)?.push(await reload(browser, demo));
  }
  // Rounds interleaved too: the machine's load drifts, and the ratio is the reliable part.
  const rounds = new Map(demos.map((demo) => [demo.name, [] as SwitchRound[]]));
  const pairs = new Map(demos.map((demo) => [demo.name, pairsOf(demo)]));
  for (let run = 0; run < runs; run++) {
    for (const demo of demos) {
      const pair = pairs.get(demo.name)?.[run];
      if (pair !== undefined) rounds.get(demo.name)?.push(await switchRound(browser, demo, pair));
    }
  }
  const switching: Record<string, unknown> = {};
  for (const [name, list] of rounds) {
    switching[name] = {
      fetched: summarise(list.flatMap((item) => item.fetched)),
      fromStore: summarise(list.flatMap((item) => item.stored)),
    };
  }
  await report(reloads, switching);
}

async function report(
  reloads: Map<string, ReloadFigures[]>,
  switching: Record<string, unknown>,
): Promise<void> {
  const reloadOf = (name: string) => {
    const list = reloads.get(name) ?? [];
    const pick = (key: Exclude<keyof ReloadFigures, "registerKB">) =>
      // A run whose register answered after its first paint has no entry for it yet.
      round(median(list.map((run) => run[key]).filter((value) => !Number.isNaN(value))));
    return {
      medianPaintedMs: pick("paintedMs"),
      medianRegisterAnsweredMs: pick("registerAnsweredMs"),
      medianRegisterServerMs: pick("registerServerMs"),
      medianMessagesAnsweredMs: pick("messagesAnsweredMs"),
      medianPaintAfterRegisterMs: pick("paintAfterRegisterMs"),
      registerKB: list.at(-1)?.registerKB,
      all: list,
    };
  };
  const small = reloadOf("small");
  const huge = reloadOf("huge");
  const result = {
    how: "production build served by server/main.ts; hamlet; fresh Chromium context per reload and per switching round",
    seededMessages: seededMessages(),
    runs,
    reload: {
      small,
      huge,
      ratioHugeToSmall: round(huge.medianPaintedMs / small.medianPaintedMs, 2),
    },
    switching,
    loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
    goals: { reloadRatio: 1.2, switchWithFetchMs: 150, switchFromStoreMs: 50 },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `wrote ${await writeResults(`chat-views-server-${String(seededMessages())}`, result)}`,
  );
}

await main();
