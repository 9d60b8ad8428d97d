import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { answers, freePort, waitForExit } from "./server-process";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** `npm start -- --upstream <url>` as a child process: the client here, the API there. */
export interface Forwarder {
  /** `http://127.0.0.1:<port>`: open this in the browser. */
  readonly url: string;
  /** What the process printed (its start line names the upstream). */
  output(): string;
  /** Kills the process; safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * Starts a forwarding instance of our server in front of `upstream` (a server's URL) on a
 * free port, serving the e2e build (`CLIENT_DIR`, set by playwright.config.ts), and waits
 * until `server_settings` answers through it.
 */
export async function startForwarder(upstream: string): Promise<Forwarder> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "server/main.ts", "--upstream", upstream],
    {
      cwd: ROOT,
      // No DATA_DIR: the forwarder must not need (or open) one.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const dispose = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await waitForExit(child, STOP_TIMEOUT_MS);
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await dispose();
      throw new Error(`the forwarding server did not start:\n${log}`);
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return { url, output: () => log, dispose };
}
