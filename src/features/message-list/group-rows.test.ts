import { describe, expect, it } from "vitest";
import type { Message } from "../../../common/wire/message";
import * as eg from "../../test/example-data";
import { dmMessage } from "../../test/store-messages";
import {
  GROUP_WINDOW_SECONDS,
  groupRows,
  lowerBound,
  messageOrder,
  outboxRows,
  sameRecipient,
  type ListRow,
} from "./group-rows";

/** UNIX seconds of a local time, so day boundaries hold in any time zone. */
function at(day: number, hour: number, minute = 0): number {
  return new Date(2024, 2, day, hour, minute).getTime() / 1000;
}

/** A compact picture of rows: "date", "header lunch", "Hamlet" (group start), "·" (compact). */
function shape(rows: readonly ListRow[]): string[] {
  return rows.map((row) => {
    switch (row.kind) {
      case "date":
        return "date";
      case "recipient":
        return `header ${row.message.type === "stream" ? row.message.subject : "dm"}`;
      case "message":
        return row.isGroupStart ? row.message.sender_full_name : "·";
      case "outbox":
        return "outbox";
    }
  });
}

const hamlet = { sender_id: eg.hamlet.user_id, sender_full_name: "Hamlet" };
const iago = { sender_id: eg.iago.user_id, sender_full_name: "Iago" };

function message(id: number, timestamp: number, fields: Partial<Message> = {}): Message {
  return eg.streamMessage({ id, timestamp, ...hamlet, ...fields });
}

describe("groupRows", () => {
  it("starts with a date and a header, and shows a sender once per run", () => {
    const rows = groupRows([
      message(1, at(3, 10, 0)),
      message(2, at(3, 10, 1)),
      message(3, at(3, 10, 2), iago),
      message(4, at(3, 10, 3)),
    ]);
    expect(shape(rows)).toEqual(["date", "header lunch", "Hamlet", "·", "Iago", "Hamlet"]);
  });

  it("starts a new group after five minutes of silence", () => {
    const start = at(3, 10);
    const rows = groupRows([
      message(1, start),
      message(2, start + GROUP_WINDOW_SECONDS),
      message(3, start + 2 * GROUP_WINDOW_SECONDS + 1),
    ]);
    expect(shape(rows)).toEqual(["date", "header lunch", "Hamlet", "·", "Hamlet"]);
  });

  it("puts a header wherever the topic or stream changes, topics compared case-insensitively", () => {
    const rows = groupRows([
      message(1, at(3, 10, 0), { subject: "lunch" }),
      message(2, at(3, 10, 1), { subject: "Lunch" }),
      message(3, at(3, 10, 2), { subject: "dinner" }),
      message(4, at(3, 10, 3), { subject: "dinner", stream_id: 13, display_recipient: "random" }),
    ]);
    expect(shape(rows)).toEqual([
      "date",
      "header lunch",
      "Hamlet",
      "·",
      "header dinner",
      "Hamlet",
      "header dinner",
      "Hamlet",
    ]);
  });

  it("puts a date separator, and a new header, where the local day changes", () => {
    const rows = groupRows([
      message(1, at(3, 23, 58)),
      message(2, at(4, 0, 1)),
      message(3, at(4, 0, 2)),
      message(4, at(9, 8)),
    ]);
    expect(shape(rows)).toEqual([
      "date",
      "header lunch",
      "Hamlet",
      "date",
      "header lunch",
      "Hamlet",
      "·",
      "date",
      "header lunch",
      "Hamlet",
    ]);
    const dates = rows.flatMap((row) => (row.kind === "date" ? [row.timestamp] : []));
    expect(dates).toEqual([at(3, 23, 58), at(4, 0, 1), at(9, 8)]);
  });

  it("groups direct messages by their participants, whoever sends", () => {
    const us = [eg.iago.user_id, eg.hamlet.user_id];
    const rows = groupRows([
      dmMessage(us, { id: 1, timestamp: at(3, 10, 0), ...hamlet }),
      dmMessage(us, { id: 2, timestamp: at(3, 10, 1), ...iago }),
      dmMessage([...us, 30], { id: 3, timestamp: at(3, 10, 2), ...iago }),
    ]);
    expect(shape(rows)).toEqual(["date", "header dm", "Hamlet", "Iago", "header dm", "Iago"]);
  });

  it("never groups /me messages", () => {
    const rows = groupRows([
      message(1, at(3, 10, 0)),
      message(2, at(3, 10, 1), { is_me_message: true }),
      message(3, at(3, 10, 2)),
    ]);
    expect(shape(rows)).toEqual(["date", "header lunch", "Hamlet", "Hamlet", "Hamlet"]);
  });

  it("gives rows ascending orders that do not change when older messages come before", () => {
    const newer = [message(10, at(3, 10, 0)), message(11, at(3, 10, 1), iago)];
    const before = groupRows(newer);
    const after = groupRows([message(5, at(3, 9, 59)), ...newer]);
    const orders = after.map((row) => row.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect(new Set(orders).size).toBe(orders.length);
    const messageOrders = (rows: ListRow[]) =>
      rows.flatMap((row) => (row.kind === "message" ? [row.order] : []));
    expect(messageOrders(after).slice(1)).toEqual(messageOrders(before));
    expect(messageOrders(after)).toEqual([5, 10, 11].map(messageOrder));
  });

  it("links each message to its block's header", () => {
    const rows = groupRows([message(1, at(3, 10)), message(2, at(3, 10, 1))]);
    const header = rows[1];
    expect(header?.kind).toBe("recipient");
    for (const row of rows) if (row.kind === "message") expect(row.header).toBe(header);
  });

  it("puts outbox rows after every message", () => {
    const rows = [...groupRows([message(1_000_000, at(3, 10))])];
    const entry = {
      localId: "l1",
      destination: { type: "stream" as const, streamId: 12, streamName: "general", topic: "x" },
      content: "hi",
      echo: message(-1, at(3, 10)),
      status: "sending" as const,
      messageId: null,
      error: null,
      nextRetryAt: null,
      createdAt: 0,
    };
    const outbox = outboxRows([entry, { ...entry, localId: "l2" }]);
    expect(outbox[1]?.order).toBeGreaterThan(outbox[0]?.order ?? Infinity);
    expect(outbox[0]?.order).toBeGreaterThan(rows[rows.length - 1]?.order ?? Infinity);
  });
});

describe("sameRecipient", () => {
  it("compares streams by id and topic, conversations by participants", () => {
    expect(sameRecipient(message(1, 0), message(2, 0, { subject: "LUNCH" }))).toBe(true);
    expect(sameRecipient(message(1, 0), message(2, 0, { stream_id: 99 }))).toBe(false);
    expect(sameRecipient(dmMessage([1, 2]), dmMessage([2, 1]))).toBe(true);
    expect(sameRecipient(dmMessage([1, 2]), dmMessage([1, 3]))).toBe(false);
    expect(sameRecipient(dmMessage([1, 2]), message(2, 0))).toBe(false);
  });
});

describe("lowerBound", () => {
  it("finds the first row at or after an order", () => {
    const rows = [{ order: 4 }, { order: 8 }, { order: 9 }];
    expect([0, 4, 5, 8, 9, 10].map((order) => lowerBound(rows, order))).toEqual([0, 0, 1, 1, 2, 3]);
  });
});
