// A fetch whose answers the test gives one by one, in request order, whenever it wants: for
// driving the message store's fetches and interleaving events with them.
import { createApiClient, type ApiClient } from "../api/client";

/** A request as the server would see it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly body: Record<string, string>;
}

interface Waiting {
  readonly request: SeenRequest;
  resolve(response: Response): void;
}

/** Waits until every pending promise callback has run (a fetch answer takes several hops). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** An `ApiClient` whose requests wait until `answer` (or `fail`) is called. */
export function createControlledClient() {
  const waiting: Waiting[] = [];
  const requests: SeenRequest[] = [];
  const fetchImpl: typeof fetch = (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const body = typeof init.body === "string" ? init.body : "";
    const request = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: Object.fromEntries(new URLSearchParams(body)),
    };
    requests.push(request);
    return new Promise<Response>((resolve) => {
      waiting.push({ request, resolve });
    });
  };
  const client: ApiClient = createApiClient({
    auth: { email: "iago@parley.test", apiKey: "key" },
    fetch: fetchImpl,
  });

  function next(): Waiting {
    const first = waiting.shift();
    if (first === undefined) throw new Error("No request is waiting for an answer");
    return first;
  }

  return {
    client,
    requests,
    /** How many requests await an answer. */
    get pending(): number {
      return waiting.length;
    },
    /** The oldest unanswered request. */
    get nextRequest(): SeenRequest {
      const first = waiting[0];
      if (first === undefined) throw new Error("No request is waiting for an answer");
      return first.request;
    },
    /** Answers the oldest unanswered request with JSON, then lets the answer be processed. */
    async answer(body: unknown, status = 200): Promise<void> {
      next().resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { "Content-Type": "application/json" },
        }),
      );
      await settle();
    },
  };
}
