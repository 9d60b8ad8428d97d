import type { Message } from "../../common/wire/message";
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { displayRecipients } from "../format/display-recipient";
import { formatMessage } from "../format/message";
import { reactionsForMessages } from "../db/reactions";
import { accessMessageRecord } from "./message-access";
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
 * `GET /messages/{id}`: one message formatted as `GET /messages` formats it (rendered HTML or
 * Markdown per `applyMarkdown`), plus its Markdown source as `raw_content`.
 */
export async function getMessage(
  ctx: AppContext,
  viewer: UserRow,
  messageId: number,
  applyMarkdown: boolean,
): Promise<{ message: Message; raw_content: string }> {
  const record = await accessMessageRecord(ctx.db, viewer, messageId);
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
