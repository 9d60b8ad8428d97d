import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { randomUUID } from "node:crypto";

/**
 * Paths forwarded to the upstream Zulip server: its API, and the files its answers point at with
 * relative URLs (uploads, avatars and custom emoji, its static images). Everything else is the
 * client, served locally.
 */
const FORWARDED_PREFIXES: readonly string[] = [
  "/api/",
  "/user_uploads/",
  "/user_avatars/",
  "/avatar/",
  "/static/",
];

/**
 * Set on every forwarded request with this instance's id: a request that comes back carrying it
 * went round a loop (the upstream is, by some other name, this very server).
 */
export const LOOP_HEADER = "x-parley-forwarded-by";

/** RFC 9110 §7.6.1: headers about one connection, never passed on by a proxy. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * `headers` without the hop-by-hop ones, those the `Connection` header names included, and
 * without `host` (the upstream's own is sent, since Zulip picks the organisation by it).
 */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    (headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ""),
  );
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name) || name === "host") continue;
    result[name] = value;
  }
  return result;
}

/**
 * The upstream URL for a request path, or undefined when the path is not one we forward. The
 * path is normalised first (`/api/../x` is `/x`), so dot segments cannot escape the prefixes.
 */
export function forwardedUrl(upstream: URL, requestUrl: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(requestUrl, "http://parley.invalid");
  } catch {
    return undefined;
  }
  if (!FORWARDED_PREFIXES.some((prefix) => parsed.pathname.startsWith(prefix))) return undefined;
  const base = upstream.pathname.replace(/\/+$/, "");
  const target = new URL(upstream.origin);
  target.pathname = `${base}${parsed.pathname}`;
  target.search = parsed.search;
  return target;
}

/** A Zulip-shaped error, so the client shows and classifies it like any other. */
function sendError(response: ServerResponse, status: number, msg: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify({ result: "error", msg, code: "BAD_REQUEST" }));
}

/** Forwards requests to one upstream server, streaming bodies both ways. */
export class Forwarder {
  /** Distinguishes this process from another Parley in front of or behind it. */
  readonly instanceId = randomUUID();

  constructor(private readonly upstream: URL) {}

  /**
   * Handles `request` if its path is forwarded (returns true), else leaves it alone (false).
   * No timeout is set on either side: Zulip parks long polls for up to 90 s, uploads take as
   * long as they take, and the browser's own timeout or disconnect ends them (an abandoned
   * request is aborted upstream too).
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const target = forwardedUrl(this.upstream, request.url ?? "/");
    if (target === undefined) return false;
    if (request.headers[LOOP_HEADER] === this.instanceId) {
      sendError(response, 508, "This Parley forwards to itself; check its upstream URL.");
      return true;
    }
    const headers = { ...endToEndHeaders(request.headers), [LOOP_HEADER]: this.instanceId };
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(target, { method: request.method ?? "GET", headers });
    outgoing.on("response", (answer) => {
      this.relay(answer, response);
    });
    outgoing.on("error", (error) => {
      // After the client went away this is our own abort; otherwise the upstream failed.
      if (response.destroyed || response.writableEnded) return;
      console.error(
        `forwarding ${request.method ?? "GET"} ${target.pathname} failed: ${error.message}`,
      );
      sendError(response, 502, `The Zulip server could not be reached (${error.message}).`);
    });
    // The browser gave up (or the page closed): stop the upstream request, or parked long
    // polls would pile up there.
    response.on("close", () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
    return true;
  }

  private relay(answer: IncomingMessage, response: ServerResponse): void {
    response.writeHead(
      answer.statusCode ?? 502,
      answer.statusMessage,
      endToEndHeaders(answer.headers),
    );
    answer.pipe(response);
    answer.on("error", () => {
      // The upstream broke off mid-body: the client must not take a truncated body as whole.
      response.destroy();
    });
  }
}
