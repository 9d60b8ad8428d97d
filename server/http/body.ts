import Busboy from "@fastify/busboy";
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
}

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

function parseMultipart(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const body = emptyBody();
    let failure: ApiError | undefined;
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
      reject(new ApiError("Malformed multipart body"));
    });
    busboy.on("finish", () => {
      if (failure) reject(failure);
      else resolve(body);
    });
    payload.pipe(busboy);
  });
}

/**
 * Zulip reads parameters from urlencoded and multipart bodies and never from JSON bodies. A JSON
 * body is accepted but contributes no parameters (so a missing one is reported by name).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, text, done) => {
      try {
        done(null, { fields: parseUrlEncoded(String(text)), files: [] } satisfies ParsedBody);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
      }
    },
  );
  app.addContentTypeParser("multipart/form-data", (request, payload, done) => {
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
