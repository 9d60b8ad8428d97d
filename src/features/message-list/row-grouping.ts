import type { Message } from "../../../common/wire/message";
import { groupRows, lowerBound, messageOrder, type ListRow, type RecipientRow } from "./group-rows";

/**
 * Past this many changed messages at once (a whole narrow marked read), the rows are grouped
 * again instead: replacing is worth it for a few, and a change at the head of a block replaces
 * the whole block, so this bounds the work.
 */
const MAX_REPLACED = 1_000;

/**
 * Whether `after` (a new version of `before`) sits in the rows exactly as `before` did: the same
 * day, conversation and sender group, and a recipient header that reads the same. Flags,
 * reactions and content may differ; they do not move a row.
 */
function keepsItsPlace(before: Message, after: Message): boolean {
  return (
    before.id === after.id &&
    before.timestamp === after.timestamp &&
    before.sender_id === after.sender_id &&
    before.is_me_message === after.is_me_message &&
    before.type === after.type &&
    before.stream_id === after.stream_id &&
    before.subject === after.subject &&
    // A direct conversation's header lists its people: compare them as rendered.
    (before.display_recipient === after.display_recipient ||
      JSON.stringify(before.display_recipient) === JSON.stringify(after.display_recipient))
  );
}

/**
 * Puts `message` (a new version of a message in `rows`, in its place) into `rows`, changed in
 * place: its own row, and when it opens its block, the block's header and every row of the block
 * (each names its header). False when its row is not there.
 */
function replaceMessage(rows: ListRow[], message: Message): boolean {
  const index = lowerBound(rows, messageOrder(message.id));
  const row = rows[index];
  if (row?.kind !== "message" || row.message.id !== message.id) return false;
  if (row.header.message.id !== message.id) {
    rows[index] = { ...row, message };
    return true;
  }
  const oldHeader = row.header;
  const header: RecipientRow = { ...oldHeader, message };
  const headerIndex = lowerBound(rows, oldHeader.order);
  if (rows[headerIndex] !== oldHeader) return false;
  rows[headerIndex] = header;
  for (let next = headerIndex + 1; next < rows.length; next++) {
    const member = rows[next];
    if (member?.kind !== "message" || member.header !== oldHeader) break;
    rows[next] = { ...member, header, message: next === index ? message : member.message };
  }
  return true;
}

/**
 * The rows of a narrow's messages (`groupRows`), kept from one list of messages to the next.
 * When the new list holds the same messages in the same places and only some of them changed
 * without moving (a star, a read flag, a reaction, an edit of the content), the new rows are the
 * old ones with the rows of those messages replaced: every other row stays the same object, and
 * the list keeps its layout. Anything else (a message added, removed or moved to another topic)
 * groups every row again.
 */
export class RowGrouping {
  private messages: readonly Message[] = [];
  private rows: ListRow[] = [];

  of(messages: readonly Message[]): ListRow[] {
    if (messages !== this.messages) {
      this.rows = this.replaced(messages) ?? groupRows(messages);
      this.messages = messages;
    }
    return this.rows;
  }

  private replaced(messages: readonly Message[]): ListRow[] | undefined {
    const previous = this.messages;
    if (previous.length !== messages.length || messages.length === 0) return undefined;
    let rows: ListRow[] | undefined;
    let replaced = 0;
    for (let index = 0; index < messages.length; index++) {
      const before = previous[index];
      const after = messages[index];
      if (before === after) continue;
      if (before === undefined || after === undefined || !keepsItsPlace(before, after)) {
        return undefined;
      }
      if (++replaced > MAX_REPLACED) return undefined;
      rows ??= this.rows.slice();
      if (!replaceMessage(rows, after)) return undefined;
    }
    return rows ?? this.rows;
  }
}
