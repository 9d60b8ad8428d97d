import type { MessageRecord } from "../db/messages";

/**
 * Whether a message belongs in a queue registered with a `narrow` (Zulip supports `stream`,
 * `topic`, `sender` and `is` there). Operators this server does not filter on let it through.
 */
export function messageMatchesQueueNarrow(
  narrow: readonly (readonly [string, string])[],
  message: Pick<MessageRecord, "stream_name" | "subject" | "sender_email" | "stream_id" | "flags">,
): boolean {
  return narrow.every(([operator, operand]) => {
    const wanted = operand.toLowerCase();
    switch (operator) {
      case "stream":
      case "channel":
        return message.stream_name?.toLowerCase() === wanted;
      case "topic":
        return message.subject.toLowerCase() === wanted;
      case "sender":
        return message.sender_email.toLowerCase() === wanted;
      case "is":
        if (wanted === "dm" || wanted === "private") return message.stream_id === null;
        return true;
      default:
        return true;
    }
  });
}
