import { describe, expect, it } from "vitest";
import type { Message } from "../../../common/wire/message";
import * as eg from "../../test/example-data";
import { groupRows, type ListRow } from "./group-rows";
import { RowGrouping } from "./row-grouping";

const day = new Date(2024, 2, 3, 9, 0).getTime() / 1000;

/** Two topics, a few messages each, by two senders: blocks and sender groups. */
function history(): Message[] {
  const topics = ["lunch", "lunch", "lunch", "design", "design", "lunch"];
  return topics.map((subject, index) =>
    eg.streamMessage({
      id: 10 + index,
      subject,
      timestamp: day + index * 60,
      sender_id: index % 3 === 2 ? eg.iago.user_id : eg.hamlet.user_id,
      flags: [],
    }),
  );
}

/** `messages` with the one at `index` replaced by a copy with `fields`. */
function changed(messages: Message[], index: number, fields: Partial<Message>): Message[] {
  return messages.map((message, at) => (at === index ? { ...message, ...fields } : message));
}

/** The rows of `history()`, then of it with the message at `index` changed by `fields`. */
function rowsAcrossChange(index: number, fields: Partial<Message>) {
  const grouping = new RowGrouping();
  const messages = history();
  const before = grouping.of(messages);
  const next = changed(messages, index, fields);
  return { before, next, after: grouping.of(next) };
}

function messageRowOf(rows: readonly ListRow[], id: number): ListRow | undefined {
  return rows.find((row) => row.kind === "message" && row.message.id === id);
}

describe("RowGrouping", () => {
  it("gives the same rows for the same messages", () => {
    const grouping = new RowGrouping();
    const messages = history();
    expect(grouping.of(messages)).toBe(grouping.of(messages));
    expect(grouping.of(messages)).toEqual(groupRows(messages));
  });

  it("replaces only the row of a message starred in the middle of a block", () => {
    const { before, next, after } = rowsAcrossChange(1, { flags: ["starred"] });
    expect(after).toEqual(groupRows(next));
    expect(after).not.toBe(before);
    const starred = messageRowOf(after, 11);
    expect(starred?.kind === "message" && starred.message).toBe(next[1]);
    // Every other row is the same object as before.
    const kept = after.filter((row, index) => row === before[index]);
    expect(kept).toHaveLength(before.length - 1);
  });

  it("gives a block a new header when its first message changes, and its rows name it", () => {
    const { before, next, after } = rowsAcrossChange(0, { flags: ["starred"] });
    expect(after).toEqual(groupRows(next));
    const header = after.find((row) => row.kind === "recipient");
    expect(header?.kind === "recipient" && header.message).toBe(next[0]);
    for (const id of [10, 11, 12]) {
      const row = messageRowOf(after, id);
      expect(row?.kind === "message" && row.header).toBe(header);
    }
    // The next block ("design") keeps its rows.
    expect(messageRowOf(after, 13)).toBe(messageRowOf(before, 13));
  });

  it("groups again when a message moves: another topic, another time, or a new message", () => {
    const grouping = new RowGrouping();
    const messages = history();
    grouping.of(messages);
    const moved = changed(messages, 4, { subject: "lunch" });
    expect(grouping.of(moved)).toEqual(groupRows(moved));
    const renamed = changed(moved, 5, { subject: "LUNCH" });
    expect(grouping.of(renamed)).toEqual(groupRows(renamed));
    const added = [
      ...renamed,
      eg.streamMessage({ id: 99, subject: "lunch", timestamp: day + 3600 }),
    ];
    expect(grouping.of(added)).toEqual(groupRows(added));
  });

  it("matches grouping from scratch through a run of random changes", () => {
    const grouping = new RowGrouping();
    let messages = history();
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % limit;
    };
    for (let step = 0; step < 200; step++) {
      const index = random(messages.length);
      const edits: Partial<Message>[] = [
        { flags: ["read"] },
        { flags: [] },
        { content: `<p>edit ${String(step)}</p>` },
        { subject: random(2) === 0 ? "lunch" : "design" },
        { sender_id: random(2) === 0 ? eg.iago.user_id : eg.hamlet.user_id },
      ];
      messages = changed(messages, index, edits[random(edits.length)] ?? {});
      expect(grouping.of(messages)).toEqual(groupRows(messages));
    }
  });
});
