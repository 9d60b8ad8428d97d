import type { Message } from "../../../common/wire/message";
import { dmNarrow, dmParticipants, narrowToHash, topicNarrow } from "../../lib/narrow";

/**
 * The hash of the conversation a message is in: its topic, or its direct conversation. Where a
 * reply (`r`) and a notification's click lead.
 */
export function conversationHash(message: Message, ownUserId: number): string {
  if (message.type === "stream" && message.stream_id !== undefined) {
    const streamName =
      typeof message.display_recipient === "string" ? message.display_recipient : "";
    return narrowToHash(topicNarrow(message.stream_id, streamName, message.subject));
  }
  return narrowToHash(dmNarrow(dmParticipants(message, ownUserId)));
}
