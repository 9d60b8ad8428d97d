// Cold start of the client on the demo organisation (issue 6): a production build served by the
// real server (a child process with a fresh data folder and the default demo of 3,000 messages),
// opened in a fresh Chromium context each run (empty HTTP cache) straight on a stream narrow
// (`#narrow/stream/<id>-general`) with the session already in sessionStorage — what a reload or
// a shared link in a logged-in tab does. Measures navigation → first message row painted
// (goal ≤ 1 s) and what that first view loads before it paints: its JavaScript and its
// stylesheets, each and together (goal ≤ 220 KB gzipped for both: both block the first paint),
// and that no emoji image or emoji picker code is among them (they load when needed).
// Prints the figures and writes bench/results/chat-views-cold-start.json.
//
//   node --import tsx bench/cold-start.ts [runs=7]
// With COLD_START_CLIENT_DIR=<folder> it serves a client built before instead of building one.
// With --warm, the warm-cache variant on a seeded history instead (bench/warm-open.ts):
//   node --import tsx bench/cold-start.ts --warm [--runs 7] [--seeded <folder>]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
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
import { warmOpen } from "./warm-open";

const { values: args, positionals } = parseArgs({
  options: {
    warm: { type: "boolean", default: false },
    runs: { type: "string" },
    seeded: { type: "string", default: join(".data", "bench-history", "pglite-100000") },
  },
  allowPositionals: true,
});
const runs = Number(args.runs ?? positionals[0] ?? 7);
const EMAIL = "iago@parley.test";

const resourceSchema = z.object({
  name: z.string(),
  startTime: z.number(),
  responseEnd: z.number(),
  encodedBodySize: z.number(),
  transferSize: z.number(),
});
const pageSchema = z.object({
  first: z.object({ seenMs: z.number(), paintedMs: z.number() }),
  documentResponseEndMs: z.number(),
  domContentLoadedMs: z.number(),
  resources: z.array(resourceSchema),
});
type PageFigures = z.infer<typeof pageSchema>;

const READ_PAGE = `({
  first: window.__firstMessage,
  documentResponseEndMs: performance.getEntriesByType("navigation")[0].responseEnd,
  domContentLoadedMs: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
  resources: performance.getEntriesByType("resource").map((entry) => ({
    name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd,
    encodedBodySize: entry.encodedBodySize, transferSize: entry.transferSize,
  })),
})`;

/** One cold open in a fresh context; also which encoding each JavaScript response had. */
async function coldOpen(browser: Browser, url: string, session: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: firstMessageScript(session) });
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith(".js")) {
        encodings.set(response.url(), response.headers()["content-encoding"] ?? "identity");
      }
    });
    await page.goto(url);
    await waitInPage(page, "window.__firstMessage !== undefined", 60_000);
    return { figures: pageSchema.parse(await page.evaluate(READ_PAGE)), encodings };
  } finally {
    await context.close();
  }
}

type AssetKind = ".js" | ".css";

/** The scripts (or stylesheets) of the first view: requested before the first message painted. */
function firstViewAssets(figures: PageFigures, kind: AssetKind) {
  return figures.resources.filter(
    (entry) =>
      new URL(entry.name).pathname.endsWith(kind) && entry.startTime < figures.first.paintedMs,
  );
}

/**
 * The first view's requests that should wait: emoji images, the emoji picker's code, the
 * keyboard shortcuts help.
 */
function lazyLoadedEarly(figures: PageFigures): string[] {
  return figures.resources
    .filter((entry) => entry.startTime < figures.first.paintedMs)
    .map((entry) => new URL(entry.name).pathname)
    .filter(
      (path) =>
        path.startsWith("/static/generated/emoji/") ||
        /(emoji-picker|shortcuts-help)[^/]*$/.test(path),
    );
}

/** What each file weighs raw and compressed, computed from the built files (KB). */
function compressedSizes(clientDir: string, paths: readonly string[]) {
  const kb = (bytes: number) => round(bytes / 1024);
  const files = paths.map((path) => {
    const bytes = readFileSync(join(clientDir, path));
    return {
      path,
      rawKB: kb(bytes.length),
      gzipKB: kb(gzipSync(bytes).length),
      brotliKB: kb(brotliCompressSync(bytes).length),
    };
  });
  const total = (key: "rawKB" | "gzipKB" | "brotliKB") =>
    round(files.reduce((sum, file) => sum + file[key], 0));
  return {
    files,
    total: {
      rawKB: total("rawKB"),
      gzipKB: total("gzipKB"),
      brotliKB: total("brotliKB"),
    },
  };
}

/** The requests of the first view, in order: path, start and end (ms since navigation). */
function waterfall(figures: PageFigures): string[] {
  return figures.resources
    .filter((entry) => entry.startTime < figures.first.paintedMs)
    .sort((a, b) => a.startTime - b.startTime)
    .map((entry) => {
      const url = new URL(entry.name);
      return `${round(entry.startTime)}–${round(entry.responseEnd)} ms ${url.pathname}`;
    });
}

/** When the last call to `path` answered before the first paint (ms since navigation). */
function apiEnd(figures: PageFigures, path: string): number | null {
  const ends = figures.resources
    .filter((item) => new URL(item.name).pathname === path)
    .map((item) => item.responseEnd)
    .filter((end) => end < figures.first.paintedMs);
  return ends.length === 0 ? null : round(Math.max(...ends));
}

function summary(figures: PageFigures) {
  const scripts = firstViewAssets(figures, ".js");
  const styles = firstViewAssets(figures, ".css");
  return {
    firstMessagePaintedMs: round(figures.first.paintedMs),
    documentReceivedMs: round(figures.documentResponseEndMs),
    domContentLoadedMs: round(figures.domContentLoadedMs),
    scriptsLoadedMs: round(Math.max(0, ...scripts.map((entry) => entry.responseEnd))),
    registerAnsweredMs: apiEnd(figures, "/api/v1/register"),
    messagesAnsweredMs: apiEnd(figures, "/api/v1/messages"),
    scriptFiles: scripts.length,
    scriptEncodedKB: round(scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024),
    scriptTransferKB: round(scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024),
    styleFiles: styles.length,
    styleEncodedKB: round(styles.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024),
    loadedTooEarly: lazyLoadedEarly(figures),
  };
}

async function main(): Promise<void> {
  await withAppInChromium(
    { env: "COLD_START_CLIENT_DIR", folder: "bench-cold-start" },
    async (clientDir) => [await startAppServer({ clientDir, demoSize: "default" })],
    async ([server], browser, clientDir) => {
      if (server === undefined) throw new Error("no server");
      const { session, streams } = await logIn(server.url, EMAIL);
      const general = streams.find((stream) => stream.name === "general");
      if (general === undefined) throw new Error("iago is not in #general");
      const url = `${server.url}/${streamHash(general)}`;
      await coldOpen(browser, url, session); // warm-up: the server's first register and fetch
      const measured = [];
      for (let run = 0; run < runs; run++) measured.push(await coldOpen(browser, url, session));
      await report(measured, clientDir);
    },
  );
}

async function report(
  measured: Awaited<ReturnType<typeof coldOpen>>[],
  clientDir: string,
): Promise<void> {
  const runsSummary = measured.map((run) => summary(run.figures));
  const last = measured.at(-1);
  if (last === undefined) throw new Error("no runs");
  // Every file any run loaded before its first paint (a lazy chunk sometimes arrives after).
  const pathsOf = (kind: AssetKind) => [
    ...new Set(
      measured.flatMap((run) =>
        firstViewAssets(run.figures, kind).map((entry) => new URL(entry.name).pathname),
      ),
    ),
  ];
  const scriptPaths = pathsOf(".js");
  const stylePaths = pathsOf(".css");
  const scriptSizes = compressedSizes(clientDir, scriptPaths);
  const styleSizes = compressedSizes(clientDir, stylePaths);
  const loadedTooEarly = [...new Set(runsSummary.flatMap((run) => run.loadedTooEarly))];
  const pick = (key: "firstMessagePaintedMs" | "scriptsLoadedMs" | "domContentLoadedMs") =>
    round(median(runsSummary.map((run) => run[key])));
  const result = {
    how: "fresh context per run, session in sessionStorage, opened on #narrow/stream/<id>-general",
    demo: "default (3,000 generated messages)",
    runs: runsSummary.length,
    medianFirstMessagePaintedMs: pick("firstMessagePaintedMs"),
    medianDomContentLoadedMs: pick("domContentLoadedMs"),
    medianScriptsLoadedMs: pick("scriptsLoadedMs"),
    firstViewScripts: scriptPaths,
    scriptEncodings: [...new Set(last.encodings.values())],
    scriptBytesOverTheWire: {
      encodedKB: runsSummary.at(-1)?.scriptEncodedKB,
      transferKB: runsSummary.at(-1)?.scriptTransferKB,
    },
    scriptSizesFromDist: scriptSizes,
    firstViewStyles: stylePaths,
    styleSizesFromDist: styleSizes,
    // What blocks the first paint, JavaScript and CSS together (the goal's figure).
    firstViewGzipKB: {
      scripts: scriptSizes.total.gzipKB,
      styles: styleSizes.total.gzipKB,
      total: round(scriptSizes.total.gzipKB + styleSizes.total.gzipKB),
    },
    // Emoji images and the picker's code load when needed: none belongs here.
    loadedTooEarly,
    lastRunWaterfall: waterfall(last.figures),
    lastRunFirstMessagePaintedMs: round(last.figures.first.paintedMs),
    all: runsSummary,
    loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
    goals: { firstMessagePaintedMs: 1000, firstViewScriptAndStyleGzipKB: 220 },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${await writeResults("chat-views-cold-start", result)}`);
}

if (args.warm) await warmOpen({ runs, seeded: args.seeded });
else await main();
