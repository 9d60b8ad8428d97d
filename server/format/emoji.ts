import type { RealmEmoji } from "../../common/wire/realm";
import type { EmojiRow } from "../db/realm";

/**
 * Where custom emoji images are served (routes/realm-emoji.ts), relative to the organisation's
 * URL: the `source_url` of every custom emoji, in its wire form and in the renderer's context.
 */
export const EMOJI_URL_PREFIX = "/user_avatars/emoji/";

/** The `source_url` of the custom emoji stored as `fileName`. */
export function emojiSourceUrl(fileName: string): string {
  return `${EMOJI_URL_PREFIX}${fileName}`;
}

/**
 * A custom emoji as `GET /realm/emoji`, `realm_emoji` state and events carry it: Zulip's
 * `author_id` and the spec's `author` both.
 */
export function formatEmoji(row: EmojiRow): RealmEmoji {
  const author =
    row.author_id === null
      ? null
      : { id: row.author_id, email: row.author_email ?? "", full_name: row.author_full_name ?? "" };
  return {
    id: String(row.id),
    name: row.name,
    source_url: emojiSourceUrl(row.file_name),
    still_url: null,
    deactivated: row.deactivated,
    author_id: row.author_id,
    author,
  };
}
