import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import type { MessageRecord } from "../db/messages";
import { displayRecipients } from "./display-recipient";

// A unit test of this module alone: the database is a stand-in that answers the users query.

function record(id: number, fields: Partial<MessageRecord>): MessageRecord {
  return {
    id,
    sender_id: 10,
    sender_email: "hamlet@parley.test",
    sender_full_name: "Hamlet",
    recipient_id: 1,
    recipient_type: 2,
    recipient_type_id: 1,
    stream_id: 1,
    stream_name: "general",
    subject: "lunch",
    content: "hi",
    rendered_content: "<p>hi</p>",
    date_sent: 0,
    sending_client: "test",
    last_edit_time: null,
    flags: 0,
    ...fields,
  };
}

/** A database knowing two users, noting each statement. */
function fakeDb(statements: string[]): Queryable {
  const users = [
    { id: 10, email: "hamlet@parley.test", full_name: "Hamlet" },
    { id: 11, email: "othello@parley.test", full_name: "Othello" },
  ];
  return {
    query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      statements.push(sql);
      const ids = params[0];
      const rows = Array.isArray(ids) ? users.filter((u) => ids.includes(u.id)) : [];
      return Promise.resolve(rows as Row[]); // the stand-in's rows are the users query's shape
    },
  };
}

describe("displayRecipients", () => {
  it("names a page of stream messages by their streams, with no statement", async () => {
    const statements: string[] = [];
    const result = await displayRecipients(fakeDb(statements), [
      record(1, {}),
      record(2, { stream_id: 2, stream_name: "design", recipient_id: 2 }),
    ]);
    expect([...result]).toEqual([
      [1, "general"],
      [2, "design"],
    ]);
    expect(statements).toEqual([]);
  });

  it("lists a direct message's participants from one users query", async () => {
    const statements: string[] = [];
    const direct = record(3, {
      stream_id: null,
      stream_name: null,
      recipient_type: 1,
      recipient_type_id: 11,
    });
    const result = await displayRecipients(fakeDb(statements), [record(1, {}), direct]);
    expect(result.get(3)).toEqual([
      {
        id: 10,
        email: "hamlet@parley.test",
        full_name: "Hamlet",
        short_name: "hamlet",
        is_mirror_dummy: false,
      },
      {
        id: 11,
        email: "othello@parley.test",
        full_name: "Othello",
        short_name: "othello",
        is_mirror_dummy: false,
      },
    ]);
    expect(statements).toHaveLength(1);
  });
});
