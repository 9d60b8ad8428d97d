// Worker threads of bench/send.ts, each on its own event loop (and core), as real clients have
// their own process: the sender (`POST /messages` with N requests in flight) and the pollers (one
// long poll per subscriber's queue, polling again at once on each answer, as Parley's client does).
import { Agent, request, type RequestOptions } from "node:http";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

export const STREAMS = 4;
export const CONTENT =
  "A typical message with **some** emphasis, a [link](https://example.com) and `code`.";

export type SendClientsSetup =
  | { role: "sender"; port: number; auth: string }
  | { role: "poller"; port: number; queues: { auth: string; queueId: string }[] };

/** To the sender: send `count` messages, `concurrency` in flight. */
export interface SendJob {
  concurrency: number;
  count: number;
  /** Distinguishes the local ids of different runs. */
  run: number;
}
/** From the sender: each request's message id, and when it went out and its answer arrived. */
export interface SendTimes {
  seconds: number;
  ids: number[];
  starts: number[];
  ends: number[];
}
/**
 * To the pollers: answer once `expected` message events have arrived since the last collect (or,
 * short of them, after a minute, with those that did).
 */
export interface CollectJob {
  expected: number;
}
/** From the pollers: each message event received (its message id, when its answer arrived). */
export interface Arrivals {
  ids: number[];
  ats: number[];
}

const COLLECT_TIMEOUT_MS = 60_000;
const clock = () => performance.timeOrigin + performance.now();
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function call(options: RequestOptions, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

function sender(port: number, auth: string): void {
  const post = async (i: number, run: number) => {
    const body = new URLSearchParams({
      type: "stream",
      to: `send-${i % STREAMS}`,
      topic: `topic ${i % 10}`,
      content: `${CONTENT} ${i}`,
      local_id: `bench-${run}-${i}`,
    }).toString();
    const headers = {
      authorization: auth,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
    };
    const start = clock();
    const answer = await call({ port, method: "POST", path: "/api/v1/messages", headers }, body);
    const end = clock();
    if (answer.status !== 200) throw new Error(`send failed: ${answer.text}`);
    // Our own server's answer to a send: `{ id, … }`.
    const { id } = JSON.parse(answer.text) as { id: number };
    return { id, start, end };
  };
  parentPort?.on("message", (job: SendJob) => {
    const times: SendTimes = { seconds: 0, ids: [], starts: [], ends: [] };
    let next = 0;
    const caller = async () => {
      while (next < job.count) {
        const sent = await post(next++, job.run);
        times.ids.push(sent.id);
        times.starts.push(sent.start);
        times.ends.push(sent.end);
      }
    };
    const start = performance.now();
    void Promise.all(Array.from({ length: job.concurrency }, caller)).then(() => {
      times.seconds = (performance.now() - start) / 1000;
      parentPort?.postMessage(times);
    });
  });
}

interface EventsAnswer {
  events?: { id: number; type: string; message?: { id: number } }[];
}

function poller(port: number, queues: { auth: string; queueId: string }[]): void {
  let arrivals: Arrivals = { ids: [], ats: [] };
  let waiting: CollectJob | undefined;
  let timer: NodeJS.Timeout | undefined;
  const answer = () => {
    clearTimeout(timer);
    waiting = undefined;
    parentPort?.postMessage(arrivals);
    arrivals = { ids: [], ats: [] };
  };
  const answerIfDone = () => {
    if (waiting !== undefined && arrivals.ids.length >= waiting.expected) answer();
  };
  const pollForever = async (queue: { auth: string; queueId: string }) => {
    let lastEventId = -1;
    for (;;) {
      const query = new URLSearchParams({
        queue_id: queue.queueId,
        last_event_id: String(lastEventId),
      });
      const path = `/api/v1/events?${query.toString()}`;
      const answer = await call({ port, path, headers: { authorization: queue.auth } });
      const at = clock();
      if (answer.status !== 200) throw new Error(`poll failed: ${answer.text}`);
      // Our own server's answer to `GET /events`.
      const { events = [] } = JSON.parse(answer.text) as EventsAnswer;
      for (const event of events) {
        lastEventId = Math.max(lastEventId, event.id);
        if (event.type !== "message" || event.message === undefined) continue;
        arrivals.ids.push(event.message.id);
        arrivals.ats.push(at);
      }
      answerIfDone();
    }
  };
  for (const queue of queues) void pollForever(queue);
  parentPort?.on("message", (job: CollectJob) => {
    waiting = job;
    // Short of deliveries after that long, answer what came: the bench says what is missing.
    timer = setTimeout(answer, COLLECT_TIMEOUT_MS);
    answerIfDone();
  });
}

// bench/send.ts imports the constants above too; only its workers run a client.
if (!isMainThread) {
  // workerData is what bench/send.ts passes: a SendClientsSetup.
  const setup = workerData as SendClientsSetup;
  if (setup.role === "sender") sender(setup.port, setup.auth);
  else poller(setup.port, setup.queues);
}
