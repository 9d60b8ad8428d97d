import type { RealmEmojiMap } from "../../../common/wire/realm";
import { UnicodeEmoji } from "../../components/unicode-emoji";
import { ZULIP_EMOJI_URL } from "../../lib/emoji-url";
import { safeImageUrl } from "../../lib/safe-url";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import type { ReactionEmoji } from "../../lib/reaction-emoji";

/** "1f937-200d-2640" → "🤷‍♀"; undefined for anything that is not hex code points. */
export function unicodeFromCode(code: string): string | undefined {
  const parts = code.split("-");
  const points = parts.map((part) => (/^[0-9a-f]{1,6}$/i.test(part) ? parseInt(part, 16) : NaN));
  if (points.some((point) => !Number.isInteger(point) || point > 0x10ffff)) return undefined;
  return String.fromCodePoint(...points);
}

/** The image URL of a custom or extra emoji, checked (http(s) or same-origin), or undefined. */
function emojiImageUrl(
  emoji: Pick<ReactionEmoji, "emoji_code" | "reaction_type">,
  realmEmoji: RealmEmojiMap | undefined,
): string | undefined {
  const source =
    emoji.reaction_type === "zulip_extra_emoji"
      ? ZULIP_EMOJI_URL
      : emoji.reaction_type === "realm_emoji" && realmEmoji !== undefined
        ? // Own keys only: a code like "constructor" must not find Object's members.
          Object.hasOwn(realmEmoji, emoji.emoji_code)
          ? realmEmoji[emoji.emoji_code]?.source_url
          : undefined
        : undefined;
  const url = safeImageUrl(source, "");
  return url === "" ? undefined : url;
}

/**
 * A Unicode emoji's image (its character if that fails), decorative, or undefined when `emoji`
 * is not a Unicode emoji with a valid code. Asks nothing of the store: the picker's grid draws
 * its ~1,900 Unicode buttons through this alone.
 */
export function unicodeEmojiImage(
  emoji: Pick<ReactionEmoji, "emoji_code" | "reaction_type">,
  whenScrolledTo: boolean,
) {
  if (emoji.reaction_type !== "unicode_emoji") return undefined;
  const text = unicodeFromCode(emoji.emoji_code);
  if (text === undefined) return undefined;
  return (
    <UnicodeEmoji
      code={emoji.emoji_code}
      text={text}
      className="emoji-glyph"
      imageClassName="emoji-glyph emoji-image"
      whenScrolledTo={whenScrolledTo}
    />
  );
}

/**
 * One emoji, decorative (the control around it carries the name): the Unicode emoji's image
 * (its character if that fails), or the custom emoji's image, or `:name:` as text when neither
 * can be shown.
 */
export function EmojiGlyph({
  emoji,
  whenScrolledTo = false,
}: {
  emoji: ReactionEmoji;
  /** A Unicode emoji's image is asked for only once scrolled into view (the picker's grid). */
  whenScrolledTo?: boolean;
}) {
  const realmEmoji = useSnapshotQuery(realmQueries.emoji()).data;
  const unicode = unicodeEmojiImage(emoji, whenScrolledTo);
  if (unicode !== undefined) return unicode;
  const url = emojiImageUrl(emoji, realmEmoji);
  if (url !== undefined) {
    return <img className="emoji-glyph emoji-image" src={url} alt="" aria-hidden="true" />;
  }
  return (
    <span className="emoji-glyph emoji-text" aria-hidden="true">
      :{emoji.emoji_name}:
    </span>
  );
}
