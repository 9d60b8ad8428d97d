// The warm-cache variant of bench/cold-start.ts (issue 23): on a seeded history (default the
// 100,000-message one `npm run bench:history` makes), one Chromium context opens #general as
// iago, cold (nothing cached: no service worker, no IndexedDB, empty HTTP cache), lets the app
// write its cache, then reloads the same tab `runs` times: each reload paints from what the
// device saved (the service worker's client files, the IndexedDB store) before the server
// answers. Reports both medians, when register answered against the first paint, and the
// storage the cache takes (IndexedDB's share of `navigator.storage.estimate()`, and per 10,000
// cached messages). Each round uses a fresh context, so cold is cold every time.
//
//   node --import tsx bench/cold-start.ts --warm [--runs 7] [--seeded <folder>]
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { z } from "zod";
import {
  firstMessageScript,
  logIn,
  startAppServer,
  streamHash,
  waitInPage,
  withAppInChromium,
} from "./app-server";
import { median, round, writeResults } from "./lib";

const ROOT = join(import.meta.dirname, "..");
const EMAIL = "iago@parley.test";
/** How long after the first paint the app has surely written its cache (it debounces writes). */
const CACHE_SETTLE_MS = 4_000;

const paintSchema = z.object({
  paintedMs: z.number(),
  registerEndMs: z.number().nullable(),
});

const READ_PAINT = `(() => {
  const register = performance.getEntriesByType("resource")
    .filter((entry) => new URL(entry.name).pathname === "/api/v1/register");
  return {
    paintedMs: window.__firstMessage.paintedMs,
    registerEndMs: register.length === 0 ? null : Math.max(...register.map((entry) => entry.responseEnd)),
  };
})()`;

/** What the device stores for the page: IndexedDB records by database and store, and bytes. */
const READ_STORAGE = `(async () => {
  const estimate = await navigator.storage.estimate();
  const databases = [];
  for (const info of await indexedDB.databases()) {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(info.name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = {};
    for (const name of db.objectStoreNames) {
      stores[name] = await new Promise((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    db.close();
    databases.push({ name: info.name, stores });
  }
  return {
    usage: estimate.usage ?? 0,
    indexedDB: estimate.usageDetails?.indexedDB ?? null,
    caches: estimate.usageDetails?.caches ?? null,
    serviceWorkerRegistrations: estimate.usageDetails?.serviceWorkerRegistrations ?? null,
    databases,
  };
})()`;

const storageSchema = z.object({
  usage: z.number(),
  indexedDB: z.number().nullable(),
  caches: z.number().nullable(),
  serviceWorkerRegistrations: z.number().nullable(),
  databases: z.array(z.object({ name: z.string(), stores: z.record(z.string(), z.number()) })),
});

async function paintOf(page: Page) {
  await waitInPage(page, "window.__firstMessage !== undefined", 60_000);
  const figures = paintSchema.parse(await page.evaluate(READ_PAINT));
  return {
    paintedMs: round(figures.paintedMs),
    registerEndMs: figures.registerEndMs === null ? null : round(figures.registerEndMs),
    // Painted before register answered: from the device, not the network.
    paintedBeforeRegister:
      figures.registerEndMs === null || figures.paintedMs < figures.registerEndMs,
  };
}

/** One round: a cold open in a fresh context, then `reloads` warm reloads of the same tab. */
async function round_(browser: Browser, url: string, session: string, reloads: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: firstMessageScript(session) });
    const page = await context.newPage();
    await page.goto(url);
    const cold = await paintOf(page);
    await page.waitForTimeout(CACHE_SETTLE_MS);
    const warm = [];
    for (let run = 0; run < reloads; run++) {
      await page.reload();
      warm.push(await paintOf(page));
      await page.waitForTimeout(CACHE_SETTLE_MS);
    }
    const storage = storageSchema.parse(await page.evaluate(READ_STORAGE));
    return { cold, warm, storage };
  } finally {
    await context.close();
  }
}

/** How many messages a seeded history holds (its seed record), for the report. */
function seededMessages(folder: string): number | null {
  const record = join(folder, "bench-seed.json");
  if (!existsSync(record)) return null;
  const parsed = z
    .object({ messages: z.number() })
    .safeParse(JSON.parse(readFileSync(record, "utf8")));
  return parsed.success ? parsed.data.messages : null;
}

/** Bytes of IndexedDB per 10,000 cached messages, from the store whose name says messages. */
function bytesPer10k(storage: z.infer<typeof storageSchema>): number | null {
  const messages = storage.databases
    .flatMap((db) => Object.entries(db.stores))
    .filter(([name]) => /message/i.test(name))
    .reduce((sum, [, count]) => sum + count, 0);
  if (messages === 0 || storage.indexedDB === null) return null;
  return Math.round((storage.indexedDB / messages) * 10_000);
}

export async function warmOpen(options: { runs: number; seeded: string }): Promise<void> {
  const seeded = resolve(ROOT, options.seeded);
  if (!existsSync(seeded)) {
    throw new Error(
      `no seeded history at ${seeded}: run \`npm run bench:history -- --sizes 100k\``,
    );
  }
  await withAppInChromium(
    { env: "COLD_START_CLIENT_DIR", folder: "bench-cold-start" },
    async (clientDir) => [await startAppServer({ clientDir, seeded })],
    async ([server], browser) => {
      if (server === undefined) throw new Error("no server");
      const { session, streams } = await logIn(server.url, EMAIL);
      const general = streams.find((stream) => stream.name === "general");
      if (general === undefined) throw new Error("iago is not in #general");
      const url = `${server.url}/${streamHash(general)}`;
      await round_(browser, url, session, 1); // warm-up: the server's first register and fetch
      const rounds = [];
      // Rounds of one cold open and two warm reloads, so cold and warm interleave.
      const roundCount = Math.max(1, Math.ceil(options.runs / 2));
      for (let index = 0; index < roundCount; index++) {
        rounds.push(await round_(browser, url, session, 2));
      }
      const cold = rounds.map((each) => each.cold);
      const warm = rounds.flatMap((each) => each.warm);
      const last = rounds.at(-1);
      const result = {
        how:
          "per round: a fresh context opens #general cold, waits for the cache to be written, " +
          "then reloads the tab twice (warm: service worker and IndexedDB)",
        seeded: options.seeded,
        seededMessages: seededMessages(seeded),
        rounds: rounds.length,
        medianColdFirstMessagePaintedMs: round(median(cold.map((each) => each.paintedMs))),
        medianWarmFirstMessagePaintedMs: round(median(warm.map((each) => each.paintedMs))),
        warmPaintedBeforeRegister: `${warm.filter((each) => each.paintedBeforeRegister).length} of ${warm.length}`,
        cold,
        warm,
        storage: last?.storage,
        indexedDBBytesPer10kMessages: last === undefined ? null : bytesPer10k(last.storage),
        loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
        goals: { warmFirstMessagePaintedMs: 200 },
      };
      console.log(JSON.stringify(result, null, 2));
      console.log(`wrote ${await writeResults("cold-start-warm", result)}`);
    },
  );
}
