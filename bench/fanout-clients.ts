// Worker thread of bench/fanout.ts (one per side compared): holds one long poll per client over
// real HTTP, on its own event loop (and core), and reports when each answer arrived.
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

export interface FanoutClient {
  auth: string;
  queueId: string;
}
export interface ClientsSetup {
  port: number;
  clients: FanoutClient[];
}
export interface RoundRequest {
  round: number;
  lastEventId: number;
}
export interface RoundResult {
  round: number;
  /** When each poll's answer had fully arrived (ms, performance.timeOrigin-based). */
  arrivals: number[];
  /** Answers that did not carry exactly one new event. */
  wrong: number;
}

// workerData is what bench/fanout.ts passes: a ClientsSetup.
const setup = workerData as ClientsSetup;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function poll(client: FanoutClient, lastEventId: number): Promise<{ at: number; ok: boolean }> {
  const query = new URLSearchParams({
    queue_id: client.queueId,
    last_event_id: String(lastEventId),
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: setup.port,
        path: `/api/v1/events?${query.toString()}`,
        headers: { authorization: client.auth },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const at = performance.timeOrigin + performance.now();
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ at, ok: res.statusCode === 200 && text.includes('"type":"message"') });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

parentPort?.on("message", (message: RoundRequest) => {
  void Promise.all(setup.clients.map((client) => poll(client, message.lastEventId))).then(
    (answers) => {
      const result: RoundResult = {
        round: message.round,
        arrivals: answers.map((answer) => answer.at),
        wrong: answers.filter((answer) => !answer.ok).length,
      };
      parentPort?.postMessage(result);
    },
  );
});
