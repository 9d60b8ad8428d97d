// Helpers for the message and unread store tests: direct messages, fetch windows, id lists.
import type { StoreApi } from "zustand/vanilla";
import type { Message } from "../../common/wire/message";
import type { GetMessagesResponse } from "../../common/wire/responses";
import type { Narrow } from "../lib/narrow";
import {
  getNarrowState,
  type FetchDirection,
  type FetchedWindow,
  type MessageStoreState,
  type ReceivedMessage,
} from "../stores/message-store";
import * as eg from "./example-data";

/** The logged-in user of these tests. */
export const OWN_ID = eg.iago.user_id;

function participant(id: number) {
  return { id, email: `user${id}@parley.test`, full_name: `User ${id}` };
}

/**
 * A direct message from `sender_id` (default hamlet) among `participants` (every participant,
 * the sender and oneself included).
 */
export function dmMessage(participants: readonly number[], fields: Partial<Message> = {}): Message {
  const sender = fields.sender_id ?? eg.hamlet.user_id;
  return eg.streamMessage({
    type: "private",
    subject: "",
    display_recipient: [...new Set([...participants, sender])].map(participant),
    recipient_id: 99,
    sender_id: sender,
    ...fields,
    stream_id: undefined,
  });
}

/** Stream messages of the default stream and topic with these ids. */
export function streamMessages(...ids: number[]): Message[] {
  return ids.map((id) => eg.streamMessage({ id }));
}

/** A `message` event's payload. */
export function received(message: Message, flags: string[] = []): ReceivedMessage {
  return { message, flags };
}

/** Runs one whole fetch through the store: started, then answered with `messages`. */
export function fetchInto(
  store: StoreApi<MessageStoreState>,
  narrow: Narrow,
  messages: Message[],
  fields: Partial<GetMessagesResponse> & Partial<FetchedWindow> = {},
  direction: FetchDirection = "around",
): void {
  const ticket = store.getState().fetchStarted(narrow, direction);
  store.getState().messagesFetched(ticket, eg.messagesResponse(messages, fields));
}

/** The narrow's ids (undefined if the store has no such narrow). */
export function idsOf(store: StoreApi<MessageStoreState>, narrow: Narrow) {
  return getNarrowState(store.getState(), narrow)?.ids;
}
