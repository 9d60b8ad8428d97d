/** The emoji of a reaction, as the API names it. */
export interface ReactionEmoji {
  readonly emoji_name: string;
  readonly emoji_code: string;
  readonly reaction_type: string;
}

/** The identity of a reaction's emoji (Zulip compares type and code, not the name). */
export function reactionKey(emoji: Pick<ReactionEmoji, "emoji_code" | "reaction_type">): string {
  return `${emoji.reaction_type}:${emoji.emoji_code}`;
}
