/**
 * Message flags as Zulip stores them: one bit each in `user_messages.flags`, in Zulip's order.
 * The names are the wire names of the spec's flag list.
 */
export const FLAG_BITS = {
  read: 1 << 0,
  starred: 1 << 1,
  collapsed: 1 << 2,
  mentioned: 1 << 3,
  wildcard_mentioned: 1 << 4,
  summarize_in_home: 1 << 5,
  summarize_in_stream: 1 << 6,
  force_expand: 1 << 7,
  force_collapse: 1 << 8,
  has_alert_word: 1 << 9,
  historical: 1 << 10,
} as const;

export type FlagName = keyof typeof FLAG_BITS;

/**
 * Zulip's `is_private` bit: set on every row of a direct message when it is inserted, so that a
 * user's direct messages have a partial index of their own (migration 0009). Bookkeeping, not a
 * flag of the API (Zulip's `NON_API_FLAGS`): not in `FLAG_BITS`, so never listed nor editable.
 */
export const IS_PRIVATE_FLAG = 1 << 11;

const FLAG_ENTRIES = Object.entries(FLAG_BITS) as [FlagName, number][]; // keys of a literal object

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAG_BITS, name);
}

/** The wire list of flag names set in a bit set. */
export function flagNames(bits: number): FlagName[] {
  return FLAG_ENTRIES.filter(([, bit]) => (bits & bit) !== 0).map(([name]) => name);
}
