import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-database";
import type { Database } from "./database";
import {
  insertMessageBatch,
  LOCAL_ID_WINDOW_SECONDS,
  pruneLocalKeys,
  type BatchMessage,
} from "./message-batch";
import { IS_PRIVATE_FLAG } from "./flags";
import { deleteMessage } from "./messages";
import { migrate } from "./migrate";

let db: Database;
let alice: number;
let bob: number;
let streamId: number;
let recipientId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, role, api_key, date_joined)
     VALUES ('alice@x.test', 'Alice', 400, 'k1', 0), ('bob@x.test', 'Bob', 400, 'k2', 0)
     RETURNING id`,
  );
  alice = users[0]?.id ?? 0;
  bob = users[1]?.id ?? 0;
  const [stream] = await db.query<{ id: number }>(
    "INSERT INTO streams (name, description, date_created) VALUES ('room', '', 0) RETURNING id",
  );
  streamId = stream?.id ?? 0;
  const [recipient] = await db.query<{ id: number }>(
    "INSERT INTO recipients (type, type_id) VALUES (2, $1) RETURNING id",
    [streamId],
  );
  recipientId = recipient?.id ?? 0;
});
afterAll(async () => {
  await db.close();
});

function message(content: string, localKey?: string, senderId = alice): BatchMessage {
  return {
    message: {
      senderId,
      recipientId,
      streamId,
      subject: "t",
      content,
      renderedContent: `<p>${content}</p>`,
      dateSent: 1000,
      sendingClient: "test",
    },
    receivers: [
      { userId: alice, flags: 1 },
      { userId: bob, flags: 0 },
    ],
    localKey,
  };
}

const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? -1;

describe("insertMessageBatch", () => {
  it("inserts every message with its receivers in batch order, and the stream's first message", async () => {
    const outcomes = await insertMessageBatch(
      db,
      [message("one"), message("two"), message("three")],
      1000,
      [streamId],
    );
    const ids = outcomes.map((o) => o.id);
    expect(outcomes.every((o) => !o.isDuplicate)).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rows = await db.query<{ id: number; content: string }>(
      "SELECT id, content FROM messages WHERE id = ANY($1::int[]) ORDER BY id",
      [ids],
    );
    expect(rows.map((r) => r.content)).toEqual(["one", "two", "three"]);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM user_messages WHERE message_id = ANY($1::int[])",
        [ids],
      ),
    ).toBe(6);
    const [stream] = await db.query<{ first_message_id: number }>(
      "SELECT first_message_id FROM streams WHERE id = $1",
      [streamId],
    );
    expect(stream?.first_message_id).toBe(ids[0]);
  });

  it("deduplicates a local key for its sender within the window only", async () => {
    const [first] = await insertMessageBatch(db, [message("keyed", "k")], 2000, []);
    const [again, bobs] = await insertMessageBatch(
      db,
      [message("keyed", "k"), message("keyed", "k", bob)],
      2000 + LOCAL_ID_WINDOW_SECONDS - 1,
      [],
    );
    expect(again).toEqual({ id: first?.id, isDuplicate: true });
    expect(bobs?.isDuplicate).toBe(false);
    const [late] = await insertMessageBatch(
      db,
      [message("keyed", "k")],
      2000 + LOCAL_ID_WINDOW_SECONDS,
      [],
    );
    expect(late?.isDuplicate).toBe(false);
    expect(late?.id).not.toBe(first?.id);
    expect(await count("SELECT count(*)::int AS n FROM messages WHERE content = 'keyed'")).toBe(3);
  });

  it("prunes keys past the window", async () => {
    await insertMessageBatch(db, [message("old key", "old")], 3000, []);
    await pruneLocalKeys(db, 3000 + LOCAL_ID_WINDOW_SECONDS);
    expect(
      await count("SELECT count(*)::int AS n FROM message_local_ids WHERE sent_at <= 3000"),
    ).toBe(0);
  });
});

describe("the is_private flag (Zulip's bit 2048, for the partial index of direct messages)", () => {
  const flagsOf = async (messageId: number) =>
    (
      await db.query<{ flags: number }>(
        "SELECT flags FROM user_messages WHERE message_id = $1 ORDER BY user_id",
        [messageId],
      )
    ).map((row) => row.flags);

  async function sendDirectToBob(): Promise<number> {
    const [personal] = await db.query<{ id: number }>(
      `INSERT INTO recipients (type, type_id) VALUES (1, $1)
       ON CONFLICT (type, type_id) DO UPDATE SET type_id = EXCLUDED.type_id RETURNING id`,
      [bob],
    );
    const direct = message("psst");
    direct.message = { ...direct.message, recipientId: personal?.id ?? 0, streamId: null };
    const [outcome] = await insertMessageBatch(db, [direct], 1000, []);
    return outcome?.id ?? 0;
  }

  it("is set on every row of a direct message at insert, never on a stream message's", async () => {
    const dm = await sendDirectToBob();
    const [stream] = await insertMessageBatch(db, [message("to all")], 1000, []);
    expect(await flagsOf(dm)).toEqual([1 | IS_PRIVATE_FLAG, IS_PRIVATE_FLAG]);
    expect(await flagsOf(stream?.id ?? 0)).toEqual([1, 0]);
  });

  it("is set by migration 0009 on the direct-message rows written before it", async () => {
    const dm = await sendDirectToBob();
    await db.query("UPDATE user_messages SET flags = flags & ~2048");
    // The database as it was before 0009: without its bit, indexes and statistics.
    await db.exec(
      `DELETE FROM schema_migrations WHERE version = '0009_flag_indexes.sql';
       DROP INDEX user_messages_starred_idx, user_messages_any_mentioned_idx,
         user_messages_has_alert_word_idx, user_messages_is_private_idx;
       DROP STATISTICS user_messages_flag_bits, messages_stream_topic;
       DROP INDEX messages_sender_recipient_idx;`,
    );
    expect(await migrate(db)).toEqual(["0009_flag_indexes.sql"]);
    expect(await flagsOf(dm)).toEqual([1 | IS_PRIVATE_FLAG, IS_PRIVATE_FLAG]);
    const streamRows = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM user_messages um JOIN messages m ON m.id = um.message_id
        WHERE m.stream_id IS NOT NULL AND um.flags & 2048 <> 0`,
    );
    expect(streamRows).toEqual([{ n: 0 }]);
  });
});

describe("user_messages integrity (statement-level checks in place of foreign keys)", () => {
  it("refuses a row for a message or a user that does not exist", async () => {
    const [outcome] = await insertMessageBatch(db, [message("real")], 4000, []);
    const id = outcome?.id ?? 0;
    await expect(
      db.query("INSERT INTO user_messages (user_id, message_id) VALUES ($1, $2)", [
        alice,
        id + 1000,
      ]),
    ).rejects.toThrow(/references a message that does not exist/);
    await expect(
      db.query("INSERT INTO user_messages (user_id, message_id) VALUES ($1, $2)", [999_999, id]),
    ).rejects.toThrow(/references a user that does not exist/);
  });

  it("deletes a message's rows and local key with it, and keeps users with rows", async () => {
    const [outcome] = await insertMessageBatch(db, [message("doomed", "doomed-key")], 5000, []);
    const id = outcome?.id ?? 0;
    await db.query("DELETE FROM messages WHERE id = $1", [id]);
    expect(
      await count("SELECT count(*)::int AS n FROM user_messages WHERE message_id = $1", [id]),
    ).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM message_local_ids WHERE message_id = $1", [id]),
    ).toBe(0);
    const [other] = await insertMessageBatch(db, [message("kept")], 5000, []);
    const otherId = other?.id ?? 0;
    await deleteMessage(db, otherId); // the repository's own delete still works
    const [kept] = await insertMessageBatch(db, [message("kept")], 5000, []);
    const [carol] = await db.query<{ id: number }>(
      `INSERT INTO users (email, full_name, role, api_key, date_joined)
       VALUES ('carol@x.test', 'Carol', 400, 'k3', 0) RETURNING id`,
    );
    await db.query("INSERT INTO user_messages (user_id, message_id) VALUES ($1, $2)", [
      carol?.id,
      kept?.id,
    ]);
    await expect(db.query("DELETE FROM users WHERE id = $1", [carol?.id])).rejects.toThrow(
      /a user with messages cannot be deleted/,
    );
  });
});
