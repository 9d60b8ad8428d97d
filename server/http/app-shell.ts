import { readFileSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";

/** One stored form of the page: its bytes and the validators @fastify/static gave it. */
interface ShellFile {
  body: Buffer;
  etag: string;
  lastModified: string;
  modifiedMs: number;
}

/** The encodings the build stores beside index.html, in the order they are preferred. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

function readShellFile(path: string): ShellFile | undefined {
  try {
    const stat = statSync(path);
    const body = readFileSync(path);
    // The weak ETag of `send` (what @fastify/static answered with): size and mtime in hex.
    const etag = `W/"${body.length.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    // Last-Modified has whole seconds: If-Modified-Since compares at that precision.
    const modifiedMs = Math.floor(stat.mtime.getTime() / 1000) * 1000;
    return { body, etag, lastModified: stat.mtime.toUTCString(), modifiedMs };
  } catch {
    return undefined;
  }
}

/**
 * The encodings of `Accept-Encoding` a response may use, best first: q=0 refuses one, and `*`
 * stands for gzip, as @fastify/static reads it.
 */
function acceptedEncodings(header: string | undefined): Encoding[] {
  if (header === undefined) return [];
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [token = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const q = parameters.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token === "*" ? "gzip" : token, Number.isFinite(weight) ? weight : 0);
  }
  return ENCODINGS.map((encoding) => encoding.name)
    .filter((name) => (weights.get(name) ?? 0) > 0)
    .sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
}

/** Whether the browser's copy (If-None-Match, else If-Modified-Since) is still this one. */
function isFresh(request: FastifyRequest, file: ShellFile): boolean {
  const noneMatch = request.headers["if-none-match"];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    return tags.includes("*") || tags.includes(file.etag.replace(/^W\//, ""));
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && file.modifiedMs <= since;
}

/**
 * The app's page (`index.html`, and the build's `.br`/`.gz` copies of it), held in memory: read
 * at start and again when the build rewrites it, so that `GET /` and every client-side route
 * answer without opening a file, with the headers @fastify/static sent for it (weak ETag,
 * Last-Modified, `Cache-Control: public, max-age=0`, `Vary: accept-encoding`) and 304 to a
 * browser whose copy is current. A page missing while a build runs keeps the last one read.
 */
export class AppShell {
  private files = new Map<Encoding | "identity", ShellFile>();
  private readonly watcher: FSWatcher | undefined;

  constructor(private readonly clientDir: string) {
    this.reload();
    try {
      // Not `persistent`: a watcher must not keep a stopping server alive.
      this.watcher = watch(clientDir, { persistent: false }, (_event, name) => {
        if (name === null || name.startsWith("index.html")) this.reload();
      });
    } catch {
      this.watcher = undefined;
    }
  }

  /** Whether a page was ever read. */
  get loaded(): boolean {
    return this.files.has("identity");
  }

  private reload(): void {
    const identity = readShellFile(join(this.clientDir, "index.html"));
    if (identity === undefined) return;
    const files = new Map<Encoding | "identity", ShellFile>([["identity", identity]]);
    for (const { name, suffix } of ENCODINGS) {
      const file = readShellFile(join(this.clientDir, `index.html${suffix}`));
      // A compressed copy older than the page is left from an earlier build.
      if (file && file.modifiedMs >= identity.modifiedMs) files.set(name, file);
    }
    this.files = files;
  }

  /** Answers `request` with the page (a HEAD with its headers only). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = acceptedEncodings(request.headers["accept-encoding"]).find((name) =>
      this.files.has(name),
    );
    const file = this.files.get(encoding ?? "identity");
    if (!file)
      return reply.status(404).send({ result: "error", msg: "Not Found", code: "BAD_REQUEST" });
    void reply
      .header("Cache-Control", "public, max-age=0")
      .header("Last-Modified", file.lastModified)
      .header("ETag", file.etag)
      .header("Vary", "accept-encoding");
    if (isFresh(request, file)) return reply.status(304).send();
    if (encoding !== undefined) void reply.header("Content-Encoding", encoding);
    return reply.type("text/html; charset=utf-8").send(file.body);
  }

  close(): void {
    this.watcher?.close();
  }
}
