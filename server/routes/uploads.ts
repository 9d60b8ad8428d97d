import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { removeAttachment, userAttachments } from "../actions/attachments";
import { uploadStorage } from "../actions/upload-storage";
import {
  attachmentForToken,
  attachmentToServe,
  temporaryFileUrl,
  uploadFile,
} from "../actions/uploads";
import type { AppContext } from "../context";
import type { AttachmentRow } from "../db/attachments";
import { authenticateBasic } from "../http/auth";
import { userEndpoint, type Endpoint } from "../http/endpoint";
import { ApiError } from "../http/errors";
import { isInlineType } from "../uploads/sniff";
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

/**
 * Sends an upload. The type is the one sniffed from its bytes at upload; only images, video and
 * audio are inline, anything else is a download, and every answer is `nosniff` under a
 * sandboxing CSP, so an uploaded HTML or SVG file can never run as a page of this origin.
 */
async function sendAttachment(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  attachment: AttachmentRow,
): Promise<FastifyReply> {
  const storage = await uploadStorage(ctx);
  const stat = await storage.stat(attachment.path_id);
  if (!stat) return reply.status(404).type("text/html").send("<p>File not found</p>");
  const inline = isInlineType(attachment.content_type);
  void reply
    .header("Content-Type", attachment.content_type)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header(
      "Content-Disposition",
      contentDisposition(inline ? "inline" : "attachment", attachment.file_name),
    )
    .header("Cache-Control", "private, immutable")
    .header("Accept-Ranges", "bytes");
  // HEAD (a file chip asks for the size) opens no file: Fastify's HEAD route would read a
  // stream to its end only to drop it. An empty stream keeps the Content-Length set here.
  const body = (range?: { start: number; end: number }) =>
    request.method === "HEAD" ? Readable.from([]) : storage.open(attachment.path_id, range);
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

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.status).send(error.toBody());
}

/**
 * `GET /user_uploads/temporary/{token}/{name}` (no credentials: the token is a signed, short-lived
 * grant, as Zulip's) and `GET /user_uploads/{realm_id}/{path…}` (Basic auth; an anonymous
 * request is refused, as Parley has no web-public streams and no session cookies).
 */
export function registerUploadFiles(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { token: string; filename: string } }>(
    "/user_uploads/temporary/:token/:filename",
    async (request, reply) => {
      const attachment = await attachmentForToken(
        ctx,
        request.params.token,
        request.params.filename,
      );
      if (attachment instanceof ApiError) return sendError(reply, attachment);
      return sendAttachment(ctx, request, reply, attachment);
    },
  );
  app.get<{ Params: { realm_id: string; "*": string } }>(
    "/user_uploads/:realm_id/*",
    async (request, reply) => {
      const header = request.headers.authorization;
      let viewer;
      try {
        viewer = header === undefined ? undefined : await authenticateBasic(ctx.db, header);
      } catch (error) {
        if (error instanceof ApiError) return sendError(reply, error);
        throw error;
      }
      const pathId = `${request.params.realm_id}/${request.params["*"]}`;
      const found = await attachmentToServe(ctx, viewer, pathId);
      if ("status" in found) return reply.status(found.status).type("text/html").send(found.text);
      return sendAttachment(ctx, request, reply, found);
    },
  );
}
