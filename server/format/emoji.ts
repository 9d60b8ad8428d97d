import type { EmojiRow } from "../db/realm";

/**
 * Where custom emoji images are served (routes/realm-emoji.ts), relative to the organisation's
 * URL: the `source_url` of every custom emoji, in its wire form and in the renderer's context.
 */
export const EMOJI_URL_PREFIX = "/user_avatars/emoji/";

/** A custom emoji as `GET /realm/emoji`, `realm_emoji` state and events carry it. */
export interface EmojiDict {
  id: string;
  name: string;
  source_url: string;
  still_url: null;
  deactivated: boolean;
  /** Zulip's field. */
  author_id: number | null;
  /** The spec's field. */
  author: { id: number; email: string; full_name: string } | null;
}

/** The `source_url` of the custom emoji stored as `fileName`. */
export function emojiSourceUrl(fileName: string): string {
  return `${EMOJI_URL_PREFIX}${fileName}`;
}

export function emojiDict(row: EmojiRow): EmojiDict {
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
