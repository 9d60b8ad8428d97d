import type { Message } from "../../common/wire/message";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { MESSAGE_SELECT, type MessageRecord } from "../db/messages";
import { ROLE, type UserRow } from "../db/users";
import { displayRecipients } from "../format/display-recipient";
import { formatMessage } from "../format/message";
import { reactionsForMessages } from "../db/reactions";
import { badRequest, type ApiError } from "../http/errors";

/** Largest id a `messages.id` (integer) can hold; larger ids are simply unknown. */
const MAX_MESSAGE_ID = 2_147_483_647;

/** Zulip's one error for a message that does not exist or that the caller may not see. */
function invalidMessage(): ApiError {
  return badRequest("Invalid message(s)");
}

/**
 * The message id of a path (`/messages/{message_id}`): digits only. Anything else, or an id
 * beyond the column's range, is an unknown message (400 "Invalid message(s)"), never a 500.
 */
export function parseMessageId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) throw invalidMessage();
  const id = Number(raw);
  if (id > MAX_MESSAGE_ID) throw invalidMessage();
  return id;
}

/**
 * The message `messageId` as `viewer` may see it (their flags included), by Zulip's
 * `has_message_access`: a direct message only if they received it; a stream message if the
 * stream is public and they are not a guest, or else if they are subscribed now (and, when the
 * stream's history is not public to subscribers, received it). A message they may not see is
 * reported exactly like a missing one. With `lock`, the row stays locked until the transaction
 * ends, so concurrent edits apply one after the other.
 */
export async function accessMessage(
  db: Queryable,
  viewer: UserRow,
  messageId: number,
  options: { lock?: boolean } = {},
): Promise<MessageRecord> {
  const [record] = await db.query<MessageRecord>(
    `${MESSAGE_SELECT}
      LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = $2
     WHERE m.id = $1
       AND CASE WHEN m.stream_id IS NULL THEN um.user_id IS NOT NULL
           ELSE (NOT st.invite_only AND $3::boolean)
                OR (EXISTS (SELECT 1 FROM subscriptions sub
                             WHERE sub.stream_id = m.stream_id AND sub.user_id = $2 AND sub.active)
                    AND (st.history_public_to_subscribers OR um.user_id IS NOT NULL))
           END
     ${options.lock ? "FOR UPDATE OF m" : ""}`,
    [messageId, viewer.id, viewer.role !== ROLE.guest],
  );
  if (!record) throw invalidMessage();
  return record;
}

/**
 * `GET /messages/{id}`: one message formatted as `GET /messages` formats it (rendered HTML or
 * Markdown per `applyMarkdown`), plus its Markdown source as `raw_content`.
 */
export async function getMessage(
  ctx: AppContext,
  viewer: UserRow,
  messageId: number,
  applyMarkdown: boolean,
): Promise<{ message: Message; raw_content: string }> {
  const record = await accessMessage(ctx.db, viewer, messageId);
  const recipient = (await displayRecipients(ctx.db, [record])).get(record.id) ?? "";
  const reactions = (await reactionsForMessages(ctx.db, [record.id])).get(record.id) ?? [];
  const message = formatMessage(
    record,
    recipient,
    {
      applyMarkdown,
      realmStringId: ctx.realm.stringId,
      topicLinks: await ctx.renderContext.topicLinker(ctx.db),
    },
    reactions,
  );
  return { message, raw_content: record.content };
}
