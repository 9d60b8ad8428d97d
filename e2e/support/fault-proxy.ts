import {
  Agent,
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";

/** When and how the proxy answers 429 instead of forwarding. */
interface RateLimitRule {
  /** Answer this many matching requests with 429, then forward again. */
  requests?: number;
  /** Answer matching requests with 429 until this time (`Date.now()` milliseconds). */
  untilMs?: number;
  /** The `Retry-After` told to the client, in seconds (a float, as Zulip sends). */
  retryAfterSeconds: number;
  /** Only requests whose path starts with this (default `/api/v1/`). */
  pathPrefix?: string;
}

/** What the proxy did with one request. */
export interface ProxyLogEntry {
  /** `Date.now()` when the request arrived. */
  at: number;
  method: string;
  /** Path and query as the browser sent them. */
  path: string;
  outcome: "forwarded" | "rate-limited" | "upstream-error";
}

interface ProxyCounters {
  /** TCP connections accepted from the browser. */
  connections: number;
  /** Connections refused (destroyed on arrival) while cut. */
  refused: number;
  /** Open connections destroyed by `cut()`. */
  destroyed: number;
  forwarded: number;
  rateLimited: number;
  upstreamErrors: number;
}

/** An HTTP proxy in front of one server, which the browser uses as its origin. */
export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: the origin to open in the browser. */
  readonly url: string;
  readonly isCut: boolean;
  /** Destroys every open connection and refuses new ones until `restore()`: a dead network. */
  cut(): void;
  restore(): void;
  /** Answers matching requests with Zulip's 429 `RATE_LIMIT_HIT`; replaces an earlier rule. */
  rateLimit(rule: RateLimitRule): void;
  /** Counts since the proxy started (a copy). */
  counters(): ProxyCounters;
  /** Every request that reached the proxy, oldest first (a copy). */
  log(): ProxyLogEntry[];
  close(): Promise<void>;
}

interface ActiveRule {
  remaining: number;
  untilMs: number;
  retryAfterSeconds: number;
  pathPrefix: string;
}

function answerRateLimited(response: ServerResponse, retryAfterSeconds: number): void {
  const body = JSON.stringify({
    result: "error",
    msg: "API usage exceeded rate limit",
    code: "RATE_LIMIT_HIT",
    "retry-after": retryAfterSeconds,
  });
  response.writeHead(429, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Retry-After": String(retryAfterSeconds),
  });
  response.end(body);
}

/** Whether `rule` takes this request, counting it down if so. */
function takeRateLimited(rule: ActiveRule, path: string): boolean {
  if (!path.startsWith(rule.pathPrefix)) return false;
  if (rule.remaining <= 0 || Date.now() >= rule.untilMs) return false;
  rule.remaining--;
  return true;
}

/** The proxy's state and handlers; `startFaultProxy` puts it on a port. */
class ProxyServer {
  readonly server = createServer((request, response) => {
    this.handle(request, response);
  });
  private readonly upstream: URL;
  private readonly agent = new Agent({ keepAlive: true });
  private readonly sockets = new Set<Socket>();
  private readonly inFlight = new Set<ClientRequest>();
  readonly entries: ProxyLogEntry[] = [];
  readonly counts: ProxyCounters = {
    connections: 0,
    refused: 0,
    destroyed: 0,
    forwarded: 0,
    rateLimited: 0,
    upstreamErrors: 0,
  };
  isCut = false;
  rule: ActiveRule | undefined;

  constructor(target: string) {
    this.upstream = new URL(target);
    this.server.on("connection", (socket: Socket) => {
      this.accept(socket);
    });
  }

  cut(): void {
    this.isCut = true;
    for (const socket of this.sockets) {
      this.counts.destroyed++;
      socket.destroy();
    }
    for (const outgoing of this.inFlight) outgoing.destroy();
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    return new Promise((resolveClose) => {
      this.server.close(() => {
        resolveClose();
      });
    });
  }

  private accept(socket: Socket): void {
    if (this.isCut) {
      this.counts.refused++;
      socket.destroy();
      return;
    }
    this.counts.connections++;
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? "/";
    const entry: ProxyLogEntry = {
      at: Date.now(),
      method: request.method ?? "GET",
      path,
      outcome: "forwarded",
    };
    this.entries.push(entry);
    if (this.rule !== undefined && takeRateLimited(this.rule, path)) {
      entry.outcome = "rate-limited";
      this.counts.rateLimited++;
      request.resume();
      answerRateLimited(response, this.rule.retryAfterSeconds);
      return;
    }
    this.counts.forwarded++;
    this.forward(request, response, entry);
  }

  private forward(request: IncomingMessage, response: ServerResponse, entry: ProxyLogEntry): void {
    const outgoing = httpRequest({
      agent: this.agent,
      host: this.upstream.hostname,
      port: this.upstream.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
    });
    this.inFlight.add(outgoing);
    outgoing.once("close", () => this.inFlight.delete(outgoing));
    outgoing.on("response", (answer) => {
      // Headers at once and the body as it comes: a long poll passes through unbuffered.
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      response.flushHeaders();
      answer.pipe(response);
      answer.once("error", () => response.destroy());
    });
    outgoing.on("error", () => {
      if (this.isCut) return; // cut() destroyed it on purpose: the browser's socket went too.
      entry.outcome = "upstream-error";
      this.counts.upstreamErrors++;
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { "Content-Type": "text/plain" }).end("Bad gateway");
    });
    // The browser gave up (or cut() destroyed its socket): the server sees the poll end too.
    response.once("close", () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  }
}

/** Starts a proxy on a free port forwarding to `target` (`http://host:port`). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const proxy = new ProxyServer(target);
  await new Promise<void>((resolveListen, reject) => {
    proxy.server.once("error", reject);
    proxy.server.listen(0, "127.0.0.1", () => {
      resolveListen();
    });
  });
  const address = proxy.server.address();
  if (address === null || typeof address !== "object") throw new Error("proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    get isCut() {
      return proxy.isCut;
    },
    cut: () => {
      proxy.cut();
    },
    restore: () => {
      proxy.isCut = false;
    },
    rateLimit({ requests, untilMs, retryAfterSeconds, pathPrefix = "/api/v1/" }) {
      if (requests === undefined && untilMs === undefined) {
        throw new Error("rateLimit needs `requests` or `untilMs`");
      }
      proxy.rule = {
        remaining: requests ?? Number.POSITIVE_INFINITY,
        untilMs: untilMs ?? Number.POSITIVE_INFINITY,
        retryAfterSeconds,
        pathPrefix,
      };
    },
    counters: () => ({ ...proxy.counts }),
    log: () => proxy.entries.map((item) => ({ ...item })),
    close: () => proxy.close(),
  };
}
