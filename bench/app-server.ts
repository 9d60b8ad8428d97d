// The real app for the Chromium benchmarks: a production build of the client served by the real
// server (`server/main.ts`) in a child process, on a fresh demo or on a copy of a seeded history,
// and a logged-in session for it, and Chromium to open it in (`withAppInChromium`). Shared by
// bench/cold-start.ts, bench/chat-views-server.ts and bench/uploads.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { build } from "vite";
import { z } from "zod";
import { encodeHashComponent } from "../src/lib/narrow";
import { freePort, serverProcessEnv } from "./lib";

const ROOT = join(import.meta.dirname, "..");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Builds the production client into `outDir` (the bench's own folder). */
async function buildClient(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: join(ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
}

/** Where a benchmark's client comes from: a folder built before, or one it builds. */
export interface ClientSource {
  /** The environment variable that may name a client built before (relative to the project). */
  env: string;
  /** Else the folder under `dist/` it is built into, the bench's own. */
  folder: string;
}

/**
 * What the Chromium benchmarks share: the production client (`client`), the servers `start`
 * starts serving it, and a Chromium; `work` runs with them, and the browser and the servers are
 * stopped after, whatever happened.
 */
export async function withAppInChromium<S extends { stop(): Promise<void> }>(
  client: ClientSource,
  start: (clientDir: string) => Promise<readonly S[]>,
  work: (servers: readonly S[], browser: Browser, clientDir: string) => Promise<void>,
): Promise<void> {
  const prebuilt = process.env[client.env];
  const clientDir =
    prebuilt === undefined ? join(ROOT, "dist", client.folder) : resolve(ROOT, prebuilt);
  if (prebuilt === undefined) await buildClient(clientDir);
  const servers = await start(clientDir);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    await work(servers, browser, clientDir);
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
  }
}

/** The real server as a child process on a free port. */
export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

export interface AppServerOptions {
  clientDir: string;
  /** `DEMO_SIZE` of a fresh data folder (ignored with `seeded`). */
  demoSize?: string;
  /**
   * A seeded data folder (e.g. `.data/bench-history/pglite-100000`): copied to a temporary
   * folder first, as reading the app marks messages read and the server saves its queues there.
   */
  seeded?: string;
}

/** Starts the server on a fresh (or copied) data folder; removes the folder on `stop`. */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "parley-bench-app-"));
  if (options.seeded !== undefined) cpSync(options.seeded, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: serverProcessEnv({
      port,
      dataDir,
      clientDir: options.clientDir,
      demoSize: options.demoSize ?? "default",
    }),
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
    }, 300_000);
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

export interface Login {
  /** The value of sessionStorage's `parley.session`. */
  session: string;
  /** The person's streams, in the order the server lists them. */
  streams: { id: number; name: string }[];
}

/** Logs `email` in by the development login and lists their streams. */
export async function logIn(url: string, email: string): Promise<Login> {
  const keyAnswer = await fetch(`${url}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: email }),
  });
  const keyBody: unknown = await keyAnswer.json();
  const key = z.object({ api_key: z.string() }).safeParse(keyBody);
  if (!key.success) throw new Error(`no API key for ${email}: ${JSON.stringify(keyBody)}`);
  const apiKey = key.data.api_key;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`,
  };
  const me = await fetch(`${url}/api/v1/users/me`, { headers });
  const userId = z.object({ user_id: z.number() }).parse(await me.json()).user_id;
  const subscriptions = await fetch(`${url}/api/v1/users/me/subscriptions`, { headers });
  const { subscriptions: list } = z
    .object({ subscriptions: z.array(z.object({ stream_id: z.number(), name: z.string() })) })
    .parse(await subscriptions.json());
  return {
    session: JSON.stringify({ email, apiKey, userId }),
    streams: list.map((sub) => ({ id: sub.stream_id, name: sub.name })),
  };
}

/** The hash of a stream narrow, as the sidebar links it (`#narrow/stream/<id>-<name>`). */
export function streamHash(stream: { id: number; name: string }): string {
  return `#narrow/stream/${encodeHashComponent(`${String(stream.id)}-${stream.name}`)}`;
}

/**
 * Runs in the page before its scripts: the session (in the tab's storage, or the device's as
 * "Remember me" keeps it), and a watcher that notes when a message row
 * is first on screen and when that frame has been painted (milliseconds since navigation start)
 * in `window.__firstMessage`.
 */
export function firstMessageScript(
  session: string,
  storage: "sessionStorage" | "localStorage" = "sessionStorage",
): string {
  return `(() => {
    ${storage}.setItem("parley.session", ${JSON.stringify(session)});
    // Room for every request of the page: past the default 250 entries later ones are dropped.
    performance.setResourceTimingBufferSize(10000);
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

/**
 * Resolves once the page-side `expression` is true, polling in the page. Not Playwright's
 * `waitForFunction` with a string: that evaluates it with `new Function`, which the app's
 * Content-Security-Policy (no 'unsafe-eval') refuses; `evaluate` goes through the debugger.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 120_000) {
  await page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now();
    const check = () => {
      if (${expression}) resolve(true);
      else if (performance.now() - start > ${String(timeoutMs)}) reject(new Error("timed out: " + ${JSON.stringify(expression)}));
      else setTimeout(check, 4);
    };
    check();
  })`);
}
