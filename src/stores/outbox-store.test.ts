import { describe, expect, it } from "vitest";
import { allMessagesNarrow, dmNarrow, streamNarrow, topicNarrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { buildEcho, type EchoSender } from "../controllers/echo-render";
import { createMessageStore } from "./message-store";
import { selectOutboxForNarrow, type OutboxDestination, type OutboxEntry } from "./outbox-store";

const iago: EchoSender = {
  userId: 10,
  email: "iago@parley.test",
  fullName: "Iago",
  avatarUrl: null,
};
let nextEchoId = -1;

function entry(destination: OutboxDestination, fields: Partial<OutboxEntry> = {}): OutboxEntry {
  const echoId = nextEchoId--;
  return {
    localId: `local${String(echoId)}`,
    destination,
    content: "hi",
    echo: buildEcho({
      echoId,
      destination,
      content: "hi",
      sender: iago,
      context: { users: [], groups: [], streams: [], customEmoji: [], linkifiers: [] },
      renderer: undefined,
      createdAt: Date.now(),
    }),
    status: "sending",
    messageId: null,
    error: null,
    nextRetryAt: null,
    createdAt: Date.now(),
    ...fields,
  };
}

const lunch = { type: "stream", streamId: 12, streamName: "general", topic: "Lunch" } as const;
const dinner = { type: "stream", streamId: 12, streamName: "general", topic: "dinner" } as const;

describe("selectOutboxForNarrow", () => {
  it("keeps the entries of the narrow, oldest first, of every unsettled status", () => {
    const messages = createMessageStore();
    messages.getState().sessionStarted(10);
    const entries = [
      entry(lunch),
      entry(dinner, { status: "failed", error: "nope" }),
      entry({ type: "direct", userIds: [11] }, { status: "retrying" }),
      entry(lunch, { status: "retrying" }),
    ];
    const pick = (narrow: Parameters<typeof selectOutboxForNarrow>[2]) =>
      selectOutboxForNarrow(entries, messages.getState(), narrow);
    expect(pick(topicNarrow(12, "general", "lunch"))).toEqual([entries[0], entries[3]]);
    expect(pick(streamNarrow(12, "general"))).toEqual([entries[0], entries[1], entries[3]]);
    expect(pick(dmNarrow([11]))).toEqual([entries[2]]);
    expect(pick(dmNarrow([12]))).toEqual([]);
    expect(pick(allMessagesNarrow())).toEqual(entries);
  });

  it("hides an accepted entry as soon as the store holds its message: never both shown", () => {
    const messages = createMessageStore();
    messages.getState().sessionStarted(10);
    const sent = entry(lunch, { status: "sent", messageId: 77 });
    const narrow = topicNarrow(12, "general", "lunch");
    expect(selectOutboxForNarrow([sent], messages.getState(), narrow)).toEqual([sent]);
    messages
      .getState()
      .messagesReceived([
        { message: eg.streamMessage({ id: 77, sender_id: 10, subject: "Lunch" }), flags: ["read"] },
      ]);
    expect(selectOutboxForNarrow([sent], messages.getState(), narrow)).toEqual([]);
  });
});
