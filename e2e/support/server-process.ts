import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the server serves the client built into `dist/client` there. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;
/** Keep the newest output only: enough to see what went wrong, bounded for long runs. */
const MAX_OUTPUT_CHARS = 400_000;

export interface ServerProcessOptions {
  /** Extra environment (`QUEUE_TIMEOUT_SECONDS`, `HEARTBEAT_SECONDS`, …); PORT and DATA_DIR are set here. */
  env?: Record<string, string>;
}

/** Our server (`server/main.ts`) as a child process, on its own port and data folder. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`; stays the same across restarts. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Whether a process is running now. */
  readonly isRunning: boolean;
  /** How many times a process was started (1 after the first start). */
  readonly starts: number;
  /** Everything the server printed, every start, with a marker per start and stop. */
  output(): string;
  /** SIGTERM: the server answers parked polls, saves its event queues and exits. */
  stop(): Promise<void>;
  /** SIGKILL: a crash; nothing is saved. */
  kill(): Promise<void>;
  /** Starts again on the same port and data folder; resolves once it answers. */
  start(): Promise<void>;
  /** `stop()` (or `kill()` with `crash`) then `start()`. */
  restart(options?: { crash?: boolean }): Promise<void>;
  /** Kills the process if it runs and removes the data folder. Safe to call twice. */
  dispose(): Promise<void>;
}

/** A port free right now (the OS picks it; a tiny race with other programs is accepted). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === "object") resolvePort(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

const running = new Set<ChildProcess>();
// A safety net: a worker that dies mid-test must not leave servers behind.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Resolves true once `child` has exited, false if it still runs after `timeoutMs`. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => {
      resolveExit(false);
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/** Whether a server (ours or a forwarder) answers `server_settings` at `url` within 2 s. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/v1/server_settings`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** One server's process across starts: same port, same data folder. */
class ChildServer implements ServerProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  private log = "";
  private startCount = 0;
  private disposed = false;

  constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get isRunning(): boolean {
    return this.child !== undefined;
  }

  get starts(): number {
    return this.startCount;
  }

  output(): string {
    return this.log;
  }

  stop(): Promise<void> {
    return this.end("SIGTERM");
  }

  kill(): Promise<void> {
    return this.end("SIGKILL");
  }

  async start(): Promise<void> {
    if (this.isRunning) throw new Error("the server is already running");
    this.startCount++;
    this.record(`\n=== start ${this.startCount} at ${new Date().toISOString()}\n`);
    const started = this.spawnChild();
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await answers(this.url))) {
      if (this.child !== started) throw new Error(`the server exited while starting:\n${this.log}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${this.log}`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }

  async restart({ crash = false }: { crash?: boolean } = {}): Promise<void> {
    await this.end(crash ? "SIGKILL" : "SIGTERM");
    await this.start();
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.end("SIGKILL");
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private spawnChild(): ChildProcess {
    const started = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_REQUESTS: "1",
        DEMO_SIZE: "minimal",
        ...this.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = started;
    running.add(started);
    started.stdout.on("data", (chunk: Buffer) => {
      this.record(chunk.toString());
    });
    started.stderr.on("data", (chunk: Buffer) => {
      this.record(chunk.toString());
    });
    started.once("exit", (code, signal) => {
      running.delete(started);
      this.record(`\n=== exit code=${code} signal=${signal} at ${new Date().toISOString()}\n`);
      if (this.child === started) this.child = undefined;
    });
    return started;
  }

  private async end(signal: "SIGTERM" | "SIGKILL"): Promise<void> {
    const current = this.child;
    if (current === undefined) return;
    this.record(`\n=== ${signal} at ${new Date().toISOString()}\n`);
    current.kill(signal);
    if (await waitForExit(current, STOP_TIMEOUT_MS)) return;
    current.kill("SIGKILL");
    await waitForExit(current, STOP_TIMEOUT_MS);
    throw new Error(`the server ignored ${signal} for ${STOP_TIMEOUT_MS} ms`);
  }

  private record(text: string): void {
    this.log += text;
    if (this.log.length > MAX_OUTPUT_CHARS) this.log = this.log.slice(-MAX_OUTPUT_CHARS);
  }
}

/** Starts a server with a fresh data folder and waits until it answers. */
export async function startServerProcess(
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "parley-fault-"));
  const server = new ChildServer(port, dataDir, options.env ?? {});
  try {
    await server.start();
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return server;
}
