import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { z } from "zod";

/** The fields of iamcal's emoji-data (`emoji.json`) that say which image an emoji has. */
const imageSchema = z.looseObject({
  unified: z.string(),
  non_qualified: z.string().nullable(),
  image: z.string(),
  has_img_google: z.boolean(),
});
const entrySchema = imageSchema.extend({
  /** The emoji in each skin tone (and, for some, pairs of tones), with their own images. */
  skin_variations: z.record(z.string(), imageSchema).optional(),
});
type EmojiDataEntry = z.infer<typeof entrySchema>;

/** A file name the package may hold: lower-case hex code points and `.png`, nothing else. */
const IMAGE_NAME = /^[0-9a-f]+(?:-[0-9a-f]+)*\.png$/;

/**
 * Zulip's emoji code → the package's image file name. Zulip names an emoji by emoji-data's
 * `non_qualified` sequence when there is one (its `get_emoji_code`: `2764` for ❤️, whose image is
 * `2764-fe0f.png`), else by `unified`; both spellings are accepted here, since a Unicode emoji
 * typed into a message can arrive either way. Each skin-tone variation is mapped the same way.
 * Emoji without a Google image are left out.
 */
export function emojiImageFiles(entries: readonly EmojiDataEntry[]): ReadonlyMap<string, string> {
  const files = new Map<string, string>();
  const add = (image: z.infer<typeof imageSchema>) => {
    if (!image.has_img_google || !IMAGE_NAME.test(image.image)) return;
    files.set(image.unified.toLowerCase(), image.image);
    if (image.non_qualified !== null) files.set(image.non_qualified.toLowerCase(), image.image);
  };
  for (const entry of entries) {
    add(entry);
    for (const variation of Object.values(entry.skin_variations ?? {})) add(variation);
  }
  return files;
}

/** Where the Unicode emoji images are, and which file each of Zulip's codes has. */
export interface UnicodeEmojiImages {
  readonly folder: string;
  readonly files: ReadonlyMap<string, string>;
}

/**
 * Google's Noto emoji from `emoji-datasource-google`, found in `node_modules` at run time (from
 * `server/` under tsx and from the bundle in `dist/server/` alike, the package being external),
 * so a build copies none of its 3,800 files. Read once, on first use.
 */
export function loadUnicodeEmojiImages(): UnicodeEmojiImages {
  const require = createRequire(import.meta.url);
  const data = require.resolve("emoji-datasource-google/emoji.json");
  const entries = z.array(entrySchema).parse(JSON.parse(readFileSync(data, "utf8")));
  return { folder: join(dirname(data), "img", "google", "64"), files: emojiImageFiles(entries) };
}
