import type { Message } from "../../../common/wire/message";
import { localDayStart, nextLocalDayStart } from "../../lib/time";
import type { OutboxEntry } from "../../stores/outbox-store";

/** Messages by the same sender within this many seconds share one avatar and name. */
export const GROUP_WINDOW_SECONDS = 5 * 60;

// Every row has an `order`: a number that sorts rows as they are shown and stays the same for
// the same row however many rows are put before it (it is also the row's React key). The window of rendered rows is kept as a
// range of orders, so prepending older messages cannot shift it. A date separator and a
// recipient header take the order of the message they introduce, just before it.
const DATE_RANK = 0;
const HEADER_RANK = 1;
const MESSAGE_RANK = 2;
const RANKS = 4;
/** Above any message's order (ids stay far below 2^48): outbox rows come last. */
const OUTBOX_BASE = 2 ** 50;

/** The order of a message's own row. */
export function messageOrder(messageId: number): number {
  return messageId * RANKS + MESSAGE_RANK;
}

/** A date separator: the day of `timestamp` begins here. */
interface DateRow {
  readonly kind: "date";
  readonly order: number;
  readonly timestamp: number;
}

/** A recipient header: the stream and topic (or conversation) of the messages below it. */
export interface RecipientRow {
  readonly kind: "recipient";
  readonly order: number;
  /** The first message of the block; its stream, topic or participants name the block. */
  readonly message: Message;
}

/** A message; `isGroupStart` rows show the avatar and name, the others are compact. */
interface MessageRow {
  readonly kind: "message";
  readonly order: number;
  readonly message: Message;
  readonly isGroupStart: boolean;
  /** The header of the block this message is in (shown above the window when it starts here). */
  readonly header: RecipientRow;
}

/** A message of the user's still on its way out. */
export interface OutboxRow {
  readonly kind: "outbox";
  readonly order: number;
  readonly entry: OutboxEntry;
}

export type ListRow = DateRow | RecipientRow | MessageRow | OutboxRow;

function sameTopic(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

function participantIds(message: Message): readonly { id: number }[] {
  return typeof message.display_recipient === "string" ? [] : message.display_recipient;
}

/** Same conversation: same stream and topic (topics compare case-insensitively), or same people. */
export function sameRecipient(a: Message, b: Message): boolean {
  if (a.type !== b.type) return false;
  if (a.type === "stream") return a.stream_id === b.stream_id && sameTopic(a.subject, b.subject);
  const left = participantIds(a);
  const right = participantIds(b);
  if (left.length !== right.length) return false;
  const ids = new Set(left.map((user) => user.id));
  return right.every((user) => ids.has(user.id));
}

function continuesGroup(previous: Message, message: Message): boolean {
  return (
    previous.sender_id === message.sender_id &&
    message.timestamp - previous.timestamp <= GROUP_WINDOW_SECONDS &&
    message.timestamp >= previous.timestamp &&
    previous.is_me_message !== true &&
    message.is_me_message !== true
  );
}

/**
 * The rows of a list of messages (ascending ids): a date separator whenever the local day
 * changes, a recipient header whenever the conversation changes (or a new day starts), and each
 * message, compact when it continues its sender's group (same sender and conversation, within
 * five minutes of the previous message). One pass, cheap enough for 100,000 messages: the day
 * is recomputed only when a timestamp leaves the current day.
 */
export function groupRows(messages: readonly Message[]): ListRow[] {
  const rows: ListRow[] = [];
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let previous: Message | undefined;
  let header: RecipientRow | undefined;
  for (const message of messages) {
    const { id, timestamp } = message;
    const isNewDay = timestamp < dayStart || timestamp >= dayEnd;
    if (isNewDay) {
      dayStart = localDayStart(timestamp);
      dayEnd = nextLocalDayStart(timestamp);
      rows.push({ kind: "date", order: id * RANKS + DATE_RANK, timestamp });
    }
    const isNewBlock = isNewDay || previous === undefined || !sameRecipient(previous, message);
    if (header === undefined || isNewBlock) {
      header = { kind: "recipient", order: id * RANKS + HEADER_RANK, message };
      rows.push(header);
    }
    rows.push({
      kind: "message",
      order: id * RANKS + MESSAGE_RANK,
      message,
      isGroupStart: isNewBlock || previous === undefined || !continuesGroup(previous, message),
      header,
    });
    previous = message;
  }
  return rows;
}

/** The outbox's rows, after every message. */
export function outboxRows(entries: readonly OutboxEntry[]): OutboxRow[] {
  return entries.map((entry, index) => ({
    kind: "outbox",
    order: OUTBOX_BASE + index,
    entry,
  }));
}

/** The first index whose row's order is at least `order` (rows.length when none). */
export function lowerBound(rows: readonly { order: number }[], order: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle]?.order ?? Number.POSITIVE_INFINITY) < order) low = middle + 1;
    else high = middle;
  }
  return low;
}
