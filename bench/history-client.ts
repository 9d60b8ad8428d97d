// The worker thread of bench/history.ts that sends its HTTP requests, on its own event loop (and
// core), as a browser has its own process: in the server's thread, the client's fetch and its
// JSON parse of each answer were counted as the server's time.
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

/** Whether a fetch failed because the server had closed the kept-alive socket. */
function isReset(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && "code" in cause && cause.code === "ECONNRESET";
}

async function answer(request: HistoryRequest): Promise<HistoryAnswer> {
  try {
    const start = performance.now();
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const text = await response.text();
    return { id: request.id, ms: performance.now() - start, status: response.status, text };
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
