import { z } from "zod";
import type { ReactionEmoji } from "../../lib/reaction-emoji";
import { readStoredJson, writeStoredJson, type KeyValueStorage } from "../../lib/stored-json";
import { emojiKey, SKIN_TONE_COUNT } from "./emoji-catalogue";

/** What the picker remembers for one user: how often each emoji was picked, and the skin tone. */
export interface PickerMemory {
  /** Picks by `emojiKey` (the base emoji: a toned pick counts for its untoned one). */
  readonly counts: Readonly<Record<string, number>>;
  /** 0 = default, 1–5 lightest to darkest. */
  readonly skinTone: number;
}

/** Where the picker keeps a user's memory (per user: two accounts in one browser differ). */
export function pickerMemoryKey(userId: number): string {
  return `parley.emoji-picker.${userId}`;
}

const storedSchema = z.object({
  counts: z.record(z.string(), z.number().int().nonnegative()).catch({}),
  skinTone: z
    .number()
    .int()
    .min(0)
    .max(SKIN_TONE_COUNT - 1)
    .catch(0),
});

/** The stored memory of `userId`; anything unreadable counts as nothing picked, default tone. */
export function readPickerMemory(
  storage: KeyValueStorage | undefined,
  userId: number,
): PickerMemory {
  const stored = storedSchema.safeParse(readStoredJson(storage, pickerMemoryKey(userId)));
  return stored.success ? stored.data : { counts: {}, skinTone: 0 };
}

/** Counts one more pick of `emoji` (its untoned form) for `userId`; returns the new memory. */
export function recordPick(
  storage: KeyValueStorage | undefined,
  userId: number,
  emoji: ReactionEmoji,
): PickerMemory {
  const memory = readPickerMemory(storage, userId);
  const key = emojiKey(emoji);
  const next = { ...memory, counts: { ...memory.counts, [key]: (memory.counts[key] ?? 0) + 1 } };
  writeStoredJson(storage, pickerMemoryKey(userId), next);
  return next;
}

/** Remembers `skinTone` for `userId`; returns the new memory. */
export function rememberSkinTone(
  storage: KeyValueStorage | undefined,
  userId: number,
  skinTone: number,
): PickerMemory {
  const next = { ...readPickerMemory(storage, userId), skinTone };
  writeStoredJson(storage, pickerMemoryKey(userId), next);
  return next;
}
