import Busboy from "@fastify/busboy";
import { TextDecoder } from "node:util";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors";

/** A file from a multipart body (custom emoji uploads). */
export interface UploadedFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/** What the body parsers leave in `request.body`. */
export interface ParsedBody {
  fields: Map<string, string>;
  files: UploadedFile[];
  /**
   * The unread multipart body of a route that streams its files (`STREAMED_MULTIPART_ROUTES`),
   * with its Content-Type header; read it with `readFirstFile` (multipart-file.ts).
   */
  multipart?: { contentType: string; payload: NodeJS.ReadableStream };
}

/**
 * Routes whose multipart bodies are left unread for the handler, which streams the file to
 * storage once the caller is authenticated (uploads are 25 MiB, not the 5 MiB read here).
 */
const STREAMED_MULTIPART_ROUTES: ReadonlySet<string> = new Set(["/api/v1/user_uploads"]);

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_FIELDS = 1000;

function emptyBody(): ParsedBody {
  return { fields: new Map(), files: [] };
}

/** Maps a query string or urlencoded body to a Map; a repeated name keeps its last value, as Django does. */
export function parseUrlEncoded(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) fields.set(name, value);
  if (fields.size > MAX_FIELDS) throw new ApiError("Too many parameters");
  return fields;
}

/**
 * Reads a multipart body as Django's MultiPartParser does: the boundary is checked first, then an
 * empty body is no parameters (zulip-js sends a call without parameters that way).
 */
function parseMultipart(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const body = emptyBody();
    let failure: ApiError | undefined;
    let received = 0;
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({
        headers: { "content-type": request.headers["content-type"] ?? "" },
        limits: { fields: MAX_FIELDS, files: 10, fileSize: MAX_FILE_BYTES },
      });
    } catch {
      reject(new ApiError("Malformed multipart body"));
      return;
    }
    busboy.on("field", (name: string, value: string) => {
      body.fields.set(name, value);
    });
    busboy.on("file", (fieldName, stream, fileName, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        failure = new ApiError("Uploaded file is larger than the allowed limit of 5 MiB", {
          status: 413,
        });
      });
      stream.on("end", () => {
        body.files.push({ fieldName, fileName, mimeType, data: Buffer.concat(chunks) });
      });
    });
    busboy.on("error", () => {
      if (received === 0) resolve(emptyBody());
      else reject(new ApiError("Malformed multipart body"));
    });
    busboy.on("finish", () => {
      if (failure) reject(failure);
      else resolve(body);
    });
    payload.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    payload.pipe(busboy);
  });
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** The media type of a Content-Type header, as Django reads it (`request.content_type`). */
function mediaTypeOf(header: string | undefined): string {
  return (header?.split(";")[0] ?? "").trim().toLowerCase();
}

/** The `charset` parameter, if the platform knows it; Django ignores an unknown one. */
function charsetOf(header: string | undefined): TextDecoder | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(header ?? "");
  if (!match?.[1] || /^utf-?8$/i.test(match[1])) return undefined;
  try {
    return new TextDecoder(match[1]);
  } catch {
    return undefined;
  }
}

/** Percent-decodes one urlencoded name or value whose bytes are in `decoder`'s charset. */
function decodeFormComponent(bytes: string, decoder: TextDecoder): string {
  const out: number[] = [];
  for (let index = 0; index < bytes.length; index++) {
    const char = bytes[index];
    const hex = bytes.slice(index + 1, index + 3);
    if (char === "%" && /^[0-9a-f]{2}$/i.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      out.push(char === "+" ? 0x20 : bytes.charCodeAt(index));
    }
  }
  return decoder.decode(Uint8Array.from(out));
}

/** A urlencoded body in the charset its Content-Type names (UTF-8 by default), as Django reads it. */
function parseFormBody(body: Buffer, contentType: string | undefined): Map<string, string> {
  const decoder = charsetOf(contentType);
  if (!decoder) return parseUrlEncoded(body.toString("utf8"));
  const fields = new Map<string, string>();
  for (const pair of body.toString("latin1").split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? "" : pair.slice(equals + 1);
    fields.set(decodeFormComponent(name, decoder), decodeFormComponent(value, decoder));
  }
  if (fields.size > MAX_FIELDS) throw new ApiError("Too many parameters");
  return fields;
}

/**
 * Zulip (Django's `request.POST` and `process_as_post`) reads parameters from urlencoded and
 * multipart bodies only, for POST, PATCH, PUT and DELETE. Any other body, JSON included, or a
 * Content-Type header that does not parse, contributes no parameters (so a missing one is
 * reported by name) rather than being refused: Fastify's 415 for an unparseable header is
 * avoided by reading such a request as an opaque body.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers["content-type"];
    const mediaType = mediaTypeOf(header);
    if (header !== undefined && mediaType !== URLENCODED && mediaType !== MULTIPART) {
      request.headers["content-type"] = "application/octet-stream";
    }
    done();
  });
  app.addContentTypeParser(URLENCODED, { parseAs: "buffer" }, (request, buffer, done) => {
    try {
      const fields = parseFormBody(Buffer.from(buffer), request.headers["content-type"]);
      done(null, { fields, files: [] } satisfies ParsedBody);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
  app.addContentTypeParser(MULTIPART, (request, payload, done) => {
    if (STREAMED_MULTIPART_ROUTES.has(request.routeOptions.url ?? "")) {
      const contentType = request.headers["content-type"] ?? "";
      done(null, { ...emptyBody(), multipart: { contentType, payload } } satisfies ParsedBody);
      return;
    }
    parseMultipart(request, payload).then(
      (body) => {
        done(null, body);
      },
      (error: unknown) => {
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _buffer, done) => {
    done(null, emptyBody());
  });
}

/** The parsed body of a request, or an empty one for requests without a body. */
export function bodyOf(request: FastifyRequest): ParsedBody {
  const body = request.body;
  if (body !== null && typeof body === "object" && "fields" in body && "files" in body) {
    // The content-type parsers above are the only producers of this shape.
    return body as ParsedBody;
  }
  return emptyBody();
}
