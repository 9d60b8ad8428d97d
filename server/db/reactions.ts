import type { Queryable } from "./database";

type ReactionType = "unicode_emoji" | "realm_emoji" | "zulip_extra_emoji";

/** A reaction with what its wire form needs of the reacting user. */
export interface ReactionRecord {
  message_id: number;
  user_id: number;
  email: string;
  full_name: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

/** Identifies one reaction: who reacted to which message with which emoji. */
export interface ReactionKey {
  messageId: number;
  userId: number;
  emojiCode: string;
  reactionType: string;
}

const REACTION_SELECT = `
  SELECT rc.message_id, rc.user_id, u.email, u.full_name, rc.emoji_name, rc.emoji_code,
         rc.reaction_type
    FROM reactions rc JOIN users u ON u.id = rc.user_id`;

/** The reactions of each message (in the order they were added), keyed by message id; one query. */
export async function reactionsForMessages(
  db: Queryable,
  messageIds: readonly number[],
): Promise<Map<number, ReactionRecord[]>> {
  const result = new Map<number, ReactionRecord[]>();
  if (messageIds.length === 0) return result;
  const rows = await db.query<ReactionRecord>(
    `${REACTION_SELECT} WHERE rc.message_id = ANY($1::int[]) ORDER BY rc.id`,
    [messageIds],
  );
  for (const row of rows) {
    const list = result.get(row.message_id);
    if (list) list.push(row);
    else result.set(row.message_id, [row]);
  }
  return result;
}

/** The reaction of one user, if it exists. */
export async function findReaction(
  db: Queryable,
  key: ReactionKey,
): Promise<ReactionRecord | undefined> {
  const rows = await db.query<ReactionRecord>(
    `${REACTION_SELECT}
      WHERE rc.message_id = $1 AND rc.user_id = $2 AND rc.emoji_code = $3 AND rc.reaction_type = $4`,
    [key.messageId, key.userId, key.emojiCode, key.reactionType],
  );
  return rows[0];
}

/** The earliest reaction of anyone to a message with this emoji (the name later votes reuse). */
export async function firstReactionWithEmoji(
  db: Queryable,
  messageId: number,
  emojiCode: string,
  reactionType: string,
): Promise<ReactionRecord | undefined> {
  const rows = await db.query<ReactionRecord>(
    `${REACTION_SELECT}
      WHERE rc.message_id = $1 AND rc.emoji_code = $2 AND rc.reaction_type = $3
      ORDER BY rc.id LIMIT 1`,
    [messageId, emojiCode, reactionType],
  );
  return rows[0];
}

export async function insertReaction(
  db: Queryable,
  key: ReactionKey,
  emojiName: string,
): Promise<void> {
  await db.query(
    `INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type)
     VALUES ($1, $2, $3, $4, $5)`,
    [key.messageId, key.userId, emojiName, key.emojiCode, key.reactionType],
  );
}

/** Deletes one reaction; returns the deleted row, if there was one. */
export async function deleteReaction(
  db: Queryable,
  key: ReactionKey,
): Promise<{ emoji_name: string } | undefined> {
  const rows = await db.query<{ emoji_name: string }>(
    `DELETE FROM reactions
      WHERE message_id = $1 AND user_id = $2 AND emoji_code = $3 AND reaction_type = $4
      RETURNING emoji_name`,
    [key.messageId, key.userId, key.emojiCode, key.reactionType],
  );
  return rows[0];
}

export async function deleteReactionsOfMessage(db: Queryable, messageId: number): Promise<void> {
  await db.query("DELETE FROM reactions WHERE message_id = $1", [messageId]);
}

/** A custom emoji (table `realm_emoji`, migration 0004) as reactions need it. */
export interface RealmEmojiRow {
  id: number;
  name: string;
  deactivated: boolean;
}

/** The custom emoji whose id is `code` (its reaction `emoji_code`), deactivated or not. */
export async function findRealmEmojiByCode(
  db: Queryable,
  code: string,
): Promise<RealmEmojiRow | undefined> {
  if (!/^\d{1,9}$/.test(code)) return undefined;
  const rows = await db.query<RealmEmojiRow>(
    "SELECT id, name, deactivated FROM realm_emoji WHERE id = $1",
    [Number(code)],
  );
  return rows[0];
}

/** The active custom emoji named `name`, if any. */
export async function findActiveRealmEmojiByName(
  db: Queryable,
  name: string,
): Promise<RealmEmojiRow | undefined> {
  const rows = await db.query<RealmEmojiRow>(
    "SELECT id, name, deactivated FROM realm_emoji WHERE name = $1 AND NOT deactivated",
    [name],
  );
  return rows[0];
}
