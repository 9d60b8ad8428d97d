import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/database";
import type { MessageRecord } from "../db/messages";
import { displayRecipients } from "./display-recipient";

// A unit test of this module alone: the database is a stand-in that answers the participants'
// statement (directMessageParticipants: users by id, then each group's members' users).

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

/** A database knowing three users and one group (7: all three), noting each statement. */
function fakeDb(statements: string[]): Queryable {
  const users = [
    { id: 10, email: "hamlet@parley.test", full_name: "Hamlet" },
    { id: 11, email: "othello@parley.test", full_name: "Othello" },
    { id: 12, email: "iago@parley.test", full_name: "Iago" },
  ];
  const groups = new Map([[7, "10,11,12"]]);
  return {
    query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      statements.push(sql);
      const [userIds, groupIds] = params;
      const direct = Array.isArray(userIds)
        ? users
            .filter((u) => userIds.includes(u.id))
            .map((u) => ({ group_id: null, members: null, ...u }))
        : [];
      const members = (Array.isArray(groupIds) ? groupIds : []).flatMap((id: unknown) => {
        const list = typeof id === "number" ? groups.get(id) : undefined;
        if (list === undefined) return [];
        const ids = list.split(",").map(Number);
        return users
          .filter((u) => ids.includes(u.id))
          .map((u) => ({ group_id: id, members: list, ...u }));
      });
      // The stand-in's rows are the participants statement's shape.
      return Promise.resolve([...direct, ...members] as Row[]);
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

  it("lists a direct message's participants from one statement", async () => {
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

  it("lists a group's members, and its sender alone when the group is gone", async () => {
    const statements: string[] = [];
    const direct = { stream_id: null, stream_name: null, recipient_type: 3 };
    const result = await displayRecipients(fakeDb(statements), [
      record(4, { ...direct, recipient_type_id: 7 }),
      record(5, { ...direct, recipient_type_id: 8 }),
    ]);
    const emails = (id: number) => {
      const recipient = result.get(id);
      return Array.isArray(recipient) ? recipient.map((user) => user.email) : recipient;
    };
    expect(emails(4)).toEqual(["hamlet@parley.test", "othello@parley.test", "iago@parley.test"]);
    expect(emails(5)).toEqual(["hamlet@parley.test"]);
    expect(statements).toHaveLength(1);
  });
});
