/**
 * `z` (Zulip's "zoom to message in conversation context") and `s`: the message a conversation
 * is to open at, asked for just before going there. The list's first fetch is centred on it and
 * the list opens at it (else at the first unread message, as always); after `z` what is seen
 * there stays unread.
 */
let pending: {
  readonly narrowKey: string;
  readonly messageId: number;
  readonly leavesUnread: boolean;
} | null = null;

/** The conversation of `narrowKey`, when it next opens, opens at `messageId`. */
export function requestZoom(narrowKey: string, messageId: number, leavesUnread = true): void {
  pending = { narrowKey, messageId, leavesUnread };
}

/** The message the narrow of `narrowKey` is to open at, if one was asked for. */
export function zoomTarget(narrowKey: string): number | null {
  return pending?.narrowKey === narrowKey ? pending.messageId : null;
}

/** Whether the opening asked for leaves the messages seen unread (`z`, not `s`). */
export function zoomLeavesUnread(narrowKey: string): boolean {
  return pending?.narrowKey === narrowKey && pending.leavesUnread;
}

/** The narrow opened: the request is spent. */
export function zoomDone(narrowKey: string): void {
  if (pending?.narrowKey === narrowKey) pending = null;
}
