import type { ApiClient } from "../../api/client";
import type { Message } from "../../../common/wire/message";
import { narrowToHash } from "../../lib/narrow";
import { uiActions } from "../../stores/ui-store";
import { reportActionError, reportActionInfo } from "../../stores/action-notice-store";
import { conversationNarrow, messageLink, quoteText } from "./message-link";
import { errorText } from "../../lib/error-text";
import { fetchRawContent } from "../../queries/message-queries";

/** Opens the message's conversation (its topic, or its direct messages) and focuses compose. */
export function replyTo(message: Message, ownUserId: number, insertText?: string): void {
  const hash = narrowToHash(conversationNarrow(message, ownUserId));
  if (window.location.hash !== hash) window.location.hash = hash;
  uiActions.requestCompose(insertText);
}

/** Reply with the message quoted (its Markdown source, fetched first). */
export async function quoteAndReply(
  client: ApiClient,
  message: Message,
  ownUserId: number,
): Promise<void> {
  try {
    const raw = await fetchRawContent(client, message.id);
    const link = narrowToHash(conversationNarrow(message, ownUserId));
    replyTo(message, ownUserId, quoteText(message, raw, link));
  } catch (error) {
    reportActionError(message.id, `Could not quote the message: ${errorText(error)}`);
  }
}

/** Copies a link to the message's conversation to the clipboard and says so. */
export async function copyMessageLink(message: Message, ownUserId: number): Promise<void> {
  const link = messageLink(message, ownUserId, window.location.href);
  try {
    // Missing outside secure contexts; the rejection below covers it too.
    await navigator.clipboard.writeText(link);
    reportActionInfo(message.id, "Link copied to the clipboard.");
  } catch {
    reportActionError(message.id, `Could not copy the link. Here it is: ${link}`);
  }
}

/** Whether the message has been edited (the server says so by either field). */
export function isEdited(message: Message): boolean {
  return message.last_edit_timestamp !== undefined || message["edit_history"] !== undefined;
}
