// The worker thread of bench/history.ts that sends its HTTP requests, on its own event loop (and
// core), as a browser has its own process: in the server's thread, the client's fetch and its
// JSON parse of each answer were counted as the server's time. It speaks node:http over kept-alive
// sockets rather than fetch: undici's fetch adds about 0.25 ms to every request here, which is a
// quarter of the fastest reads' SQL and was counted against the server in the ratio to the floor.
import { Agent, request as httpRequest } from "node:http";
import { isMainThread, parentPort } from "node:worker_threads";

/** To the worker: one request. */
export interface HistoryRequest {
  id: number;
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body: string | undefined;
}

/** From the worker: the answer's status and text, and the time from sending to its last byte. */
export type HistoryAnswer =
  | { id: number; ms: number; status: number; text: string }
  | { id: number; error: string; reset: boolean };

// Sockets kept between requests, as a browser keeps them (several requests run at once in the
// stall probe, so more than one).
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** Whether a request failed because the server had closed the kept-alive socket. */
function isReset(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ECONNRESET";
}

function send(request: HistoryRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      request.url,
      {
        method: request.method,
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        agent,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, text });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

async function answer(request: HistoryRequest): Promise<HistoryAnswer> {
  try {
    const start = performance.now();
    const { status, text } = await send(request);
    return { id: request.id, ms: performance.now() - start, status, text };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id: request.id, error: message, reset: isReset(error) };
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on("message", (request: HistoryRequest) => {
    void answer(request).then((result) => {
      port.postMessage(result);
    });
  });
}
