import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { removeAttachment, userAttachments } from "../actions/attachments";
import { uploadStorage } from "../actions/upload-storage";
import {
  attachmentForToken,
  attachmentToServe,
  temporaryFileUrl,
  thumbnailToServe,
  uploadFile,
} from "../actions/uploads";
import type { AppContext } from "../context";
import type { AttachmentRow } from "../db/attachments";
import type { UserRow } from "../db/users";
import { authenticateBasic } from "../http/auth";
import { userEndpoint, type Endpoint } from "../http/endpoint";
import { ApiError } from "../http/errors";
import { isInlineType, sniffContentType, SNIFF_BYTES } from "../uploads/sniff";
import { pathInteger, pathText } from "./path-params";

/** `POST /user_uploads`, the temporary URL of one, `GET /attachments`, `DELETE` one. */
export const uploadEndpoints: Endpoint[] = [
  /** POST /api/v1/user_uploads (multipart, one file) */
  userEndpoint("user_uploads", {
    POST: ({ ctx, user, body }) => uploadFile(ctx, user, body),
  }),
  /** GET /api/v1/user_uploads/{realm_id_str}/{filename…} */
  userEndpoint(
    "user_uploads/{realm_id_str}/{filename}",
    {
      GET: ({ ctx, user, path }) =>
        temporaryFileUrl(
          ctx,
          user,
          pathText({ path }, "realm_id_str"),
          pathText({ path }, "filename"),
        ),
    },
    { restOfPath: true },
  ),
  /** GET /api/v1/attachments */
  userEndpoint("attachments", {
    GET: ({ ctx, user }) => userAttachments(ctx, user),
  }),
  /** DELETE /api/v1/attachments/{attachment_id} */
  userEndpoint("attachments/{attachment_id}", {
    DELETE: async ({ ctx, user, path }) => {
      await removeAttachment(ctx, user, pathInteger({ path }, "attachment_id"));
      return {};
    },
  }),
];

/** `filename*` (RFC 6266/5987) with a plain-ASCII `filename` for old clients. */
function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** One byte range of `bytes=a-b` / `bytes=a-` / `bytes=-n` over `size` bytes, if satisfiable. */
function byteRange(header: string, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const start = match[1] === "" ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : undefined;
}

/** A stored file to send: an upload, or one of its thumbnails (`key` its storage key). */
interface StoredFile {
  key: string;
  /** The type sniffed from the original's bytes; a thumbnail's is sniffed from its own. */
  contentType: string | undefined;
  fileName: string;
}

/**
 * Sends an upload. The type is the one sniffed from its bytes; only images, video and audio
 * are inline, anything else is a download, and every answer is `nosniff` under a sandboxing
 * CSP, so an uploaded HTML or SVG file can never run as a page of this origin.
 */
async function sendAttachment(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
): Promise<FastifyReply> {
  const storage = await uploadStorage(ctx);
  const stat = await storage.stat(file.key);
  if (!stat) return reply.status(404).type("text/html").send("<p>File not found</p>");
  const contentType =
    file.contentType ??
    sniffContentType(await buffer(storage.open(file.key, { start: 0, end: SNIFF_BYTES - 1 })));
  const inline = isInlineType(contentType);
  void reply
    .header("Content-Type", contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header(
      "Content-Disposition",
      contentDisposition(inline ? "inline" : "attachment", file.fileName),
    )
    .header("Cache-Control", "private, immutable")
    .header("Accept-Ranges", "bytes");
  // HEAD (a file chip asks for the size) opens no file: Fastify's HEAD route would read a
  // stream to its end only to drop it. An empty stream keeps the Content-Length set here.
  const body = (range?: { start: number; end: number }) =>
    request.method === "HEAD" ? Readable.from([]) : storage.open(file.key, range);
  const rangeHeader = request.headers.range;
  if (rangeHeader === undefined) {
    return reply.header("Content-Length", stat.size).send(body());
  }
  const range = byteRange(rangeHeader, stat.size);
  if (!range) return reply.status(416).header("Content-Range", `bytes */${stat.size}`).send();
  return reply
    .status(206)
    .header("Content-Range", `bytes ${range.start}-${range.end}/${stat.size}`)
    .header("Content-Length", range.end - range.start + 1)
    .send(body(range));
}

/** The original upload as a stored file. */
function original(attachment: AttachmentRow): StoredFile {
  return {
    key: attachment.path_id,
    contentType: attachment.content_type,
    fileName: attachment.file_name,
  };
}

/** The thumbnail of `attachment` a request for `format` gets, or the refusal it gets. */
async function sendThumbnail(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  attachment: AttachmentRow,
  format: string,
): Promise<FastifyReply> {
  const found = await thumbnailToServe(ctx, attachment, format);
  if ("status" in found) return reply.status(found.status).type("text/html").send(found.text);
  const file = { key: found.key, contentType: undefined, fileName: found.name };
  return sendAttachment(ctx, request, reply, file);
}

/** The viewer a request's Basic credentials name (undefined without any), or the error. */
async function viewerOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<UserRow | undefined | ApiError> {
  const header = request.headers.authorization;
  try {
    return header === undefined ? undefined : await authenticateBasic(ctx.db, header);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.status).send(error.toBody());
}

/**
 * `GET /user_uploads/temporary/{token}/{name}` (no credentials: the token is a signed, short-lived
 * grant, as Zulip's) and `GET /user_uploads/{realm_id}/{path…}` (Basic auth; an anonymous
 * request is refused, as Parley has no web-public streams and no session cookies). Thumbnails:
 * `GET /user_uploads/thumbnail/{realm_id}/{path…}/{format}` (Zulip's, Basic auth, the original's
 * permission) and `GET /user_uploads/temporary/{token}/{name}/{format}` (Parley's: the original's
 * token also grants its thumbnails, and only them; the format is a format name, nothing else).
 */
export function registerUploadFiles(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { token: string; filename: string } }>(
    "/user_uploads/temporary/:token/:filename",
    async (request, reply) => {
      const { token, filename } = request.params;
      const attachment = await attachmentForToken(ctx, token, filename);
      if (attachment instanceof ApiError) return sendError(reply, attachment);
      return sendAttachment(ctx, request, reply, original(attachment));
    },
  );
  app.get<{ Params: { token: string; filename: string; format: string } }>(
    "/user_uploads/temporary/:token/:filename/:format",
    async (request, reply) => {
      const { token, filename, format } = request.params;
      const attachment = await attachmentForToken(ctx, token, filename);
      if (attachment instanceof ApiError) return sendError(reply, attachment);
      return sendThumbnail(ctx, request, reply, attachment, format);
    },
  );
  app.get<{ Params: { realm_id: string; "*": string } }>(
    "/user_uploads/thumbnail/:realm_id/*",
    async (request, reply) => {
      const viewer = await viewerOf(ctx, request);
      if (viewer instanceof ApiError) return sendError(reply, viewer);
      const rest = request.params["*"];
      const slash = rest.lastIndexOf("/");
      const pathId = `${request.params.realm_id}/${rest.slice(0, Math.max(slash, 0))}`;
      const found = await attachmentToServe(ctx, viewer, pathId);
      if ("status" in found) return reply.status(found.status).type("text/html").send(found.text);
      return sendThumbnail(ctx, request, reply, found, rest.slice(slash + 1));
    },
  );
  app.get<{ Params: { realm_id: string; "*": string } }>(
    "/user_uploads/:realm_id/*",
    async (request, reply) => {
      const viewer = await viewerOf(ctx, request);
      if (viewer instanceof ApiError) return sendError(reply, viewer);
      const pathId = `${request.params.realm_id}/${request.params["*"]}`;
      const found = await attachmentToServe(ctx, viewer, pathId);
      if ("status" in found) return reply.status(found.status).type("text/html").send(found.text);
      return sendAttachment(ctx, request, reply, original(found));
    },
  );
}
