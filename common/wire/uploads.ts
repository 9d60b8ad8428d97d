import { z } from "zod";
import { successSchema } from "./common";

/**
 * `POST /user_uploads`: where the file now lives. `uri` is Zulip's original field, `url` (FL 272)
 * and `filename` (FL 285) its newer ones; Parley's server sends all three, and a client must
 * accept an older server that sends only `uri`.
 */
export const uploadFileResponseSchema = successSchema({
  /** Relative to the organisation's URL: `/user_uploads/{realm_id}/{path}`. */
  uri: z.string(),
  url: z.string().optional(),
  filename: z.string().optional(),
});

/**
 * `GET /user_uploads/{realm_id_str}/{filename}`: a short-lived URL that serves the file without
 * the API's credentials (an `<img>` cannot send them).
 */
export const getFileTemporaryUrlResponseSchema = successSchema({
  /** Relative to the organisation's URL: `/user_uploads/temporary/{token}/{name}`. */
  url: z.string(),
});

/** One of the requesting user's uploads as `GET /attachments` and `attachment` events carry it. */
const attachmentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  /** `{realm_id}/{2 hex}/{random}/{name}`: the part of the URL after `/user_uploads/`. */
  path_id: z.string(),
  size: z.number().int(),
  /** Milliseconds since the epoch. */
  create_time: z.number(),
  /** The messages that link it (seen by the uploader), with when each was sent (ms). */
  messages: z.array(z.looseObject({ id: z.number().int(), date_sent: z.number() })),
});

/** `GET /attachments`: the requesting user's uploads and the organisation's space used. */
export const getAttachmentsResponseSchema = successSchema({
  attachments: z.array(attachmentSchema),
  /** Bytes used by every upload of the organisation. */
  upload_space_used: z.number().int(),
});

const attachmentOp = <Op extends string, Shape extends z.ZodRawShape>(op: Op, shape: Shape) =>
  z.looseObject({
    id: z.number().int(),
    type: z.literal("attachment"),
    op: z.literal(op),
    /** Bytes used by every upload of the organisation, after the change. */
    upload_space_used: z.number().int(),
    ...shape,
  });

/**
 * `attachment` events, to the uploader only (Zulip's `notify_attachment_update`): an upload
 * `add`ed, `update`d (a message linked or unlinked it; the whole attachment again), `remove`d.
 */
export const attachmentEventSchema = z.discriminatedUnion("op", [
  attachmentOp("add", { attachment: attachmentSchema }),
  attachmentOp("update", { attachment: attachmentSchema }),
  attachmentOp("remove", { attachment: z.looseObject({ id: z.number().int() }) }),
]);
export type AttachmentEvent = z.infer<typeof attachmentEventSchema>;
