// Cold start of the client on the demo organisation (issue 6): a production build served by the
// real server (a child process with a fresh data folder and the default demo of 3,000 messages),
// opened in a fresh Chromium context each run (empty HTTP cache) straight on a stream narrow
// (`#narrow/stream/<id>-general`) with the session already in sessionStorage — what a reload or
// a shared link in a logged-in tab does. Measures navigation → first message row painted
// (goal ≤ 1 s) and the JavaScript transferred for that first view (goal ≤ 200 KB gzipped).
// Prints the figures and writes bench/results/chat-views-cold-start.json.
//
//   node --import tsx bench/cold-start.ts [runs=7]
// With COLD_START_CLIENT_DIR=<folder> it serves a client built before instead of building one.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { build } from "vite";
import { z } from "zod";
import { freePort, median, round, writeResults } from "./lib";

const ROOT = join(import.meta.dirname, "..");
const PREBUILT = process.env["COLD_START_CLIENT_DIR"];
const CLIENT_DIR =
  PREBUILT === undefined ? join(ROOT, "dist", "bench-cold-start") : resolve(ROOT, PREBUILT);
const runs = Number(process.argv[2] ?? 7);
// Vite's build sets NODE_ENV=production in this process; the server must not inherit it (it
// would turn the development login off).
const SERVER_NODE_ENV = process.env["NODE_ENV"];
const EMAIL = "iago@parley.test";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Runs in the page before its scripts: the session, and a watcher that notes when a message row
 * is first on screen and when that frame has been painted (milliseconds since navigation start).
 */
function initScript(session: string): string {
  return `(() => {
    sessionStorage.setItem("parley.session", ${JSON.stringify(session)});
    const visible = () => {
      for (const row of document.querySelectorAll('ol[aria-label="Messages"] li[data-message-id]')) {
        const rect = row.getBoundingClientRect();
        if (rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight) return true;
      }
      return false;
    };
    const tick = () => {
      if (!visible()) { requestAnimationFrame(tick); return; }
      const seenMs = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__firstMessage = { seenMs, paintedMs: performance.now() }; };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(tick);
  })();`;
}

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

/** The real server (`server/main.ts`) as a child process on a free port and a fresh data folder. */
interface ServerChild {
  url: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<ServerChild> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "parley-cold-start-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: SERVER_NODE_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CLIENT_DIR,
      DEMO_SIZE: "default",
      LOG_REQUESTS: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready when it says it runs at our URL: an answer on the port could come from another
  // program that took the port first (then ours exits).
  let output = "";
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, 120_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`running at ${url}`)) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!started) {
    await stop();
    throw new Error(`the server did not start:\n${output}`);
  }
  return { url, stop };
}

async function credentials(server: ServerChild) {
  const keyAnswer = await fetch(`${server.url}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: EMAIL }),
  });
  const keyBody: unknown = await keyAnswer.json();
  const key = z.object({ api_key: z.string() }).safeParse(keyBody);
  if (!key.success) throw new Error(`no API key for ${EMAIL}: ${JSON.stringify(keyBody)}`);
  const apiKey = key.data.api_key;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${EMAIL}:${apiKey}`).toString("base64")}`,
  };
  const me = await fetch(`${server.url}/api/v1/users/me`, { headers });
  const userId = z.object({ user_id: z.number() }).parse(await me.json()).user_id;
  const subscriptions = await fetch(`${server.url}/api/v1/users/me/subscriptions`, { headers });
  const { subscriptions: list } = z
    .object({ subscriptions: z.array(z.object({ stream_id: z.number(), name: z.string() })) })
    .parse(await subscriptions.json());
  const general = list.find((sub) => sub.name === "general");
  if (general === undefined) throw new Error("iago is not in #general");
  return { session: JSON.stringify({ email: EMAIL, apiKey, userId }), streamId: general.stream_id };
}

/** One cold open in a fresh context; also which encoding each JavaScript response had. */
async function coldOpen(browser: Browser, url: string, session: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: initScript(session) });
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith(".js")) {
        encodings.set(response.url(), response.headers()["content-encoding"] ?? "identity");
      }
    });
    await page.goto(url);
    await page.waitForFunction("window.__firstMessage !== undefined", undefined, {
      timeout: 60_000,
    });
    return { figures: pageSchema.parse(await page.evaluate(READ_PAGE)), encodings };
  } finally {
    await context.close();
  }
}

/** The JavaScript of the first view: loaded before the first message was painted. */
function firstViewScripts(figures: PageFigures) {
  return figures.resources.filter(
    (entry) =>
      new URL(entry.name).pathname.endsWith(".js") && entry.startTime < figures.first.paintedMs,
  );
}

/** What the first view's scripts weigh compressed, computed from the built files. */
/** What each script weighs raw and compressed, computed from the built files (KB). */
function compressedSizes(paths: readonly string[]) {
  const kb = (bytes: number) => round(bytes / 1024);
  const files = paths.map((path) => {
    const bytes = readFileSync(join(CLIENT_DIR, path));
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
  const scripts = firstViewScripts(figures);
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
  };
}

async function main(): Promise<void> {
  if (PREBUILT === undefined) {
    await build({
      root: ROOT,
      configFile: join(ROOT, "vite.config.ts"),
      logLevel: "warn",
      build: { outDir: CLIENT_DIR, emptyOutDir: true },
    });
  }
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const { session, streamId } = await credentials(server);
    const url = `${server.url}/#narrow/stream/${streamId}-general`;
    await coldOpen(browser, url, session); // warm-up: the server's first register and fetch
    const measured = [];
    for (let run = 0; run < runs; run++) measured.push(await coldOpen(browser, url, session));
    await report(measured);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function report(measured: Awaited<ReturnType<typeof coldOpen>>[]): Promise<void> {
  const runsSummary = measured.map((run) => summary(run.figures));
  const last = measured.at(-1);
  if (last === undefined) throw new Error("no runs");
  // Every script any run loaded before its first paint (a lazy chunk sometimes arrives after).
  const scriptPaths = [
    ...new Set(
      measured.flatMap((run) =>
        firstViewScripts(run.figures).map((entry) => new URL(entry.name).pathname),
      ),
    ),
  ];
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
    scriptSizesFromDist: compressedSizes(scriptPaths),
    lastRunWaterfall: waterfall(last.figures),
    lastRunFirstMessagePaintedMs: round(last.figures.first.paintedMs),
    all: runsSummary,
    loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
    goals: { firstMessagePaintedMs: 1000, firstViewScriptGzipKB: 200 },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${await writeResults("chat-views-cold-start", result)}`);
}

await main();
