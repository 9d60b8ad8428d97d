import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import { FLAG_BITS } from "../db/flags";
import { messageAudience } from "../db/messages";
import {
  deleteReaction,
  findActiveRealmEmojiByName,
  findRealmEmojiByCode,
  findReaction,
  firstReactionWithEmoji,
  insertReaction,
  type ReactionKey,
} from "../db/reactions";
import { insertUserMessages } from "../db/user-messages";
import type { UserRow } from "../db/users";
import { isUnicodeEmojiCode, unicodeEmojiCode } from "../format/unicode-emoji";
import { ApiError, badRequest } from "../http/errors";
import { accessMessage, type MessageAccessRecord } from "./message-access";

export interface ReactionRequest {
  emojiName: string | undefined;
  emojiCode: string | undefined;
  reactionType: string | undefined;
}

interface EmojiData {
  code: string;
  type: string;
}

/** Zulip's `get_emoji_data`: the code and type of an emoji named without a code. */
async function emojiDataByName(db: Queryable, name: string): Promise<EmojiData> {
  const custom = await findActiveRealmEmojiByName(db, name);
  if (custom) return { code: String(custom.id), type: "realm_emoji" };
  if (name === "zulip") return { code: "zulip", type: "zulip_extra_emoji" };
  const code = unicodeEmojiCode(name);
  if (code !== undefined) return { code, type: "unicode_emoji" };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** Zulip's `check_emoji_request`: is (name, code, type) a valid emoji for a new reaction? */
async function checkEmoji(db: Queryable, name: string, data: EmojiData): Promise<void> {
  switch (data.type) {
    case "realm_emoji": {
      const custom = await findRealmEmojiByCode(db, data.code);
      if (!custom) throw badRequest("Invalid custom emoji.");
      if (custom.name !== name) throw badRequest("Invalid custom emoji name.");
      if (custom.deactivated) throw badRequest("This custom emoji has been deactivated.");
      return;
    }
    case "zulip_extra_emoji":
      if (data.code !== "zulip") throw badRequest("Invalid emoji code.");
      if (name !== data.code) throw badRequest("Invalid emoji name.");
      return;
    case "unicode_emoji":
      if (!isUnicodeEmojiCode(data.code)) throw badRequest("Invalid emoji code.");
      if (unicodeEmojiCode(name) !== data.code) throw badRequest("Invalid emoji name.");
      return;
    default:
      throw badRequest("Invalid emoji type.");
  }
}

/** The emoji of a new reaction: as given, with a missing code or type looked up by name. */
async function emojiToAdd(
  db: Queryable,
  request: ReactionRequest & { emojiName: string },
): Promise<EmojiData> {
  if (request.emojiCode !== undefined && request.reactionType !== undefined) {
    return { code: request.emojiCode, type: request.reactionType };
  }
  const byName = await emojiDataByName(db, request.emojiName);
  return { code: request.emojiCode ?? byName.code, type: request.reactionType ?? byName.type };
}

/** The emoji of a reaction to remove: by code (type default `unicode_emoji`), else by name. */
async function emojiToRemove(db: Queryable, request: ReactionRequest): Promise<EmojiData> {
  if (request.emojiCode !== undefined) {
    return { code: request.emojiCode, type: request.reactionType ?? "unicode_emoji" };
  }
  if (request.emojiName === undefined) {
    throw badRequest(
      "At least one of the following arguments must be present: emoji_name, emoji_code",
    );
  }
  const byName = await emojiDataByName(db, request.emojiName);
  return { code: byName.code, type: request.reactionType ?? byName.type };
}

/** Publishes a `reaction` event to everyone who has the message or may read its stream's history. */
async function publishReaction(
  ctx: AppContext,
  user: UserRow,
  message: MessageAccessRecord,
  reaction: { op: "add" | "remove"; emojiName: string; key: ReactionKey },
): Promise<void> {
  const audience = await messageAudience(ctx.db, message.id, message.stream_id);
  ctx.queues.publish(audience, () => ({
    type: "reaction",
    op: reaction.op,
    message_id: message.id,
    user_id: user.id,
    user: { user_id: user.id, email: user.email, full_name: user.full_name },
    emoji_name: reaction.emojiName,
    emoji_code: reaction.key.emojiCode,
    reaction_type: reaction.key.reactionType,
  }));
}

/**
 * `POST /messages/{id}/reactions`: adds the user's reaction to a message they may see and act
 * on. Without `emoji_code` (or `reaction_type`) the emoji is looked up by name: an active custom
 * emoji, `zulip`, then the Unicode table. Reacting with an emoji someone already used on the
 * message counts as a vote and keeps the first reaction's name; otherwise the triple must be a
 * valid emoji. A reader who never received the message gets a "historical" row, so they hear of
 * later changes. Publishes `reaction` `op: "add"`.
 */
export async function addReaction(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
  request: ReactionRequest & { emojiName: string },
): Promise<void> {
  const { message, emojiName, key } = await ctx.db.transaction(async (tx) => {
    const found = await accessMessage(tx, user, messageId, { lock: true });
    const data = await emojiToAdd(tx, request);
    const reactionKey = {
      messageId: found.id,
      userId: user.id,
      emojiCode: data.code,
      reactionType: data.type,
    };
    if (await findReaction(tx, reactionKey)) {
      throw new ApiError("Reaction already exists.", { code: "REACTION_ALREADY_EXISTS" });
    }
    const vote = await firstReactionWithEmoji(tx, found.id, data.code, data.type);
    if (!vote) await checkEmoji(tx, request.emojiName, data);
    const name = vote?.emoji_name ?? request.emojiName;
    if (found.flags === null) {
      await insertUserMessages(tx, user.id, [found.id], FLAG_BITS.read | FLAG_BITS.historical);
    }
    await insertReaction(tx, reactionKey, name);
    return { message: found, emojiName: name, key: reactionKey };
  });
  await publishReaction(ctx, user, message, { op: "add", emojiName, key });
}

/**
 * `DELETE /messages/{id}/reactions`: removes the user's own reaction, named by `emoji_code` or,
 * failing that, by `emoji_name` (looked up as when adding). `reaction_type` defaults to
 * `unicode_emoji` as in Zulip, except that a name-only call takes the type the name resolves to
 * (Zulip would miss a custom emoji removed by name alone). The triple is not re-validated: a
 * reaction whose custom emoji was since deactivated can still be removed. Publishes `reaction`
 * `op: "remove"`.
 */
export async function removeReaction(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
  request: ReactionRequest,
): Promise<void> {
  const { message, emojiName, key } = await ctx.db.transaction(async (tx) => {
    const found = await accessMessage(tx, user, messageId, { lock: true });
    const data = await emojiToRemove(tx, request);
    const reactionKey = {
      messageId: found.id,
      userId: user.id,
      emojiCode: data.code,
      reactionType: data.type,
    };
    const deleted = await deleteReaction(tx, reactionKey);
    if (!deleted) {
      throw new ApiError("Reaction doesn't exist.", { code: "REACTION_DOES_NOT_EXIST" });
    }
    return { message: found, emojiName: deleted.emoji_name, key: reactionKey };
  });
  await publishReaction(ctx, user, message, { op: "remove", emojiName, key });
}
