import type { RealmEmoji, RealmEmojiMap } from "../../../common/wire/realm";
import { ROLE, type User } from "../../../common/wire/users";

/** What the grid shows and how. */
export interface EmojiFilter {
  /** Part of the name to look for; colons and case are ignored, spaces count as `_`. */
  text: string;
  isHidingDeactivated: boolean;
}

/** The filter text as it would appear in a name: `:Party Parrot:` → `party_parrot`. */
export function normaliseEmojiFilter(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^:+|:+$/g, "")
    .replace(/\s+/g, "_");
}

/**
 * The emoji to show: those whose name contains the filter text, active ones first, each group
 * by name. Deactivated ones stay listed (messages still show them) unless hidden.
 */
export function emojiRows(map: RealmEmojiMap | undefined, filter: EmojiFilter): RealmEmoji[] {
  const needle = normaliseEmojiFilter(filter.text);
  return Object.values(map ?? {})
    .filter((emoji) => !(filter.isHidingDeactivated && emoji.deactivated))
    .filter((emoji) => emoji.name.includes(needle))
    .sort(
      (a, b) =>
        Number(a.deactivated) - Number(b.deactivated) ||
        compareNames(a.name, b.name) ||
        Number(a.id) - Number(b.id),
    );
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How many emoji are deactivated, for the toggle's label. */
export function deactivatedCount(map: RealmEmojiMap | undefined): number {
  return Object.values(map ?? {}).filter((emoji) => emoji.deactivated).length;
}

/** The uploader's id: Zulip's `author_id`, else the spec's `author.id`; null when none. */
function authorId(emoji: RealmEmoji): number | null {
  return emoji.author_id ?? emoji.author?.id ?? null;
}

/**
 * Who uploaded it, by the users list (current names), else the name the emoji carries; null
 * when the server names nobody (the system's own emoji).
 */
export function authorName(emoji: RealmEmoji, users: ReadonlyMap<number, User>): string | null {
  const id = authorId(emoji);
  if (id === null) return null;
  return users.get(id)?.full_name ?? emoji.author?.full_name ?? `user ${id}`;
}

/** Whether `me` may deactivate `emoji`: an administrator, or its author (as the server checks). */
export function canDeactivate(emoji: RealmEmoji, me: User | undefined): boolean {
  if (me === undefined || emoji.deactivated) return false;
  return me.is_admin || me.role <= ROLE.administrator || authorId(emoji) === me.user_id;
}

/** Whether `me` may upload: any member (Zulip's default policy), not guests. */
export function canUpload(me: User | undefined): boolean {
  return me !== undefined && !me.is_guest;
}
