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
  marks: z.record(z.string(), z.number()),
});

/** The first paint, when register answered, and the offline cache's marks (cache-reader.ts). */
const READ_PAINT = `(() => {
  const register = performance.getEntriesByType("resource")
    .filter((entry) => new URL(entry.name).pathname === "/api/v1/register");
  const marks = {};
  for (const mark of performance.getEntriesByType("mark")) {
    if (mark.name.startsWith("parley:")) marks[mark.name.slice("parley:".length)] = Math.round(mark.startTime);
  }
  return {
    paintedMs: window.__firstMessage.paintedMs,
    registerEndMs: register.length === 0 ? null : Math.max(...register.map((entry) => entry.responseEnd)),
    marks,
  };
})()`;

/**
 * What the device stores for the page: the storage estimate (the service worker's caches
 * included), and the offline cache's records, read back: how many messages its chunks hold and
 * their bytes as JSON (plain records: the rounds measured for storage log in remembered).
 */
const READ_STORAGE = `(async () => {
  const estimate = await navigator.storage.estimate();
  let messages = 0;
  let chunkBytes = 0;
  let stateBytes = 0;
  for (const info of await indexedDB.databases()) {
    if (!info.name.startsWith("parley-cache ")) continue;
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(info.name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const store of db.objectStoreNames) {
      const values = await new Promise((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const value of values) {
        const bytes = typeof value.json === "string"
          ? new TextEncoder().encode(value.json).length
          : value.data instanceof ArrayBuffer ? value.data.byteLength : 0;
        if (store !== "chunks") stateBytes += bytes;
        else {
          chunkBytes += bytes;
          const parsed = typeof value.json === "string" ? JSON.parse(value.json) : null;
          if (Array.isArray(parsed)) messages += parsed.length;
        }
      }
    }
    db.close();
  }
  return { usage: estimate.usage ?? 0, messages, chunkBytes, stateBytes };
})()`;

const storageSchema = z.object({
  usage: z.number(),
  messages: z.number(),
  chunkBytes: z.number(),
  stateBytes: z.number(),
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
    marks: figures.marks,
  };
}

/** One round: a cold open in a fresh context, then `reloads` warm reloads of the same tab. */
async function round_(
  browser: Browser,
  url: string,
  session: string,
  reloads: number,
  sessionIn: "sessionStorage" | "localStorage" = "sessionStorage",
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: firstMessageScript(session, sessionIn) });
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

/** The offline cache's message chunks' bytes (as JSON) per 10,000 cached messages. */
function bytesPer10k(storage: z.infer<typeof storageSchema>): number | null {
  if (storage.messages === 0) return null;
  return Math.round((storage.chunkBytes / storage.messages) * 10_000);
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
      // A remembered session's cache is plain JSON, so its messages can be counted.
      const remembered = await round_(browser, url, session, 1, "localStorage");
      const cold = rounds.map((each) => each.cold);
      const warm = rounds.flatMap((each) => each.warm);
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
        rememberedWarm: remembered.warm,
        storage: remembered.storage,
        cacheBytesPer10kMessages: bytesPer10k(remembered.storage),
        loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
        goals: { warmFirstMessagePaintedMs: 200 },
      };
      console.log(JSON.stringify(result, null, 2));
      console.log(`wrote ${await writeResults("cold-start-warm", result)}`);
    },
  );
}
