// Child process of bench/memory.ts: the clients, in a process of their own so that their sockets
// and buffers are not counted in the server's memory. Each client registers over HTTP as Parley's
// client does, then holds one long poll parked on its queue until the server answers it.
//
// Messages from the parent, in order (answered with the same `step` when done):
//   { step: "register", port, auths }  → { step: "register" }
//   { step: "poll" }                   → { step: "poll" } once every poll has had its answer
import { Agent, request, type RequestOptions } from "node:http";
import { REGISTER_PARAMS } from "../src/events/register-params";

export type MemoryClientsJob =
  { step: "register"; port: number; auths: string[] } | { step: "poll" };

/** Registrations in flight at once, as many browsers starting together. */
const CONCURRENCY = 8;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
let port = 0;
const queues: { auth: string; queueId: string }[] = [];

function call(options: RequestOptions, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode === 200) resolve(text);
        else reject(new Error(`${options.method ?? "GET"} ${options.path ?? ""}: ${text}`));
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function register(auth: string): Promise<void> {
  // Each parameter JSON-encoded, as the client's bindings send them.
  const body = new URLSearchParams(
    Object.entries(REGISTER_PARAMS).map(([key, value]) => [key, JSON.stringify(value)]),
  ).toString();
  const text = await call(
    {
      method: "POST",
      path: "/api/v1/register",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
    },
    body,
  );
  // Our own server's answer to `POST /register`.
  const { queue_id: queueId } = JSON.parse(text) as { queue_id: string };
  queues.push({ auth, queueId });
}

async function registerAll(auths: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let auth = auths[next++]; auth !== undefined; auth = auths[next++]) await register(auth);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function pollAll(): Promise<unknown> {
  return Promise.all(
    queues.map((queue) => {
      const query = new URLSearchParams({ queue_id: queue.queueId, last_event_id: "-1" });
      const path = `/api/v1/events?${query.toString()}`;
      return call({ path, headers: { authorization: queue.auth } });
    }),
  );
}

process.on("message", (job: MemoryClientsJob) => {
  const done = job.step === "register" ? ((port = job.port), registerAll(job.auths)) : pollAll();
  done.then(
    () => process.send?.({ step: job.step }),
    (error: unknown) => {
      console.error("memory clients failed:", error);
      process.exit(1);
    },
  );
});
