import type { Message } from "../../../common/wire/message";
import { reactionKey, type ReactionEmoji } from "../../lib/reaction-emoji";

/** The reactions of one emoji on a message: who, how many, and whether one is mine. */
export interface ReactionGroup extends ReactionEmoji {
  /** `reaction_type:emoji_code`: what makes two reactions the same emoji (names may differ). */
  readonly key: string;
  /** In the order they reacted. */
  readonly userIds: readonly number[];
  readonly isMine: boolean;
}

type Reaction = NonNullable<Message["reactions"]>[number];

/**
 * Groups a message's reactions by emoji, in the order each emoji was first used; a user counts
 * once per emoji even if the list repeats them.
 */
export function groupReactions(
  reactions: readonly Reaction[],
  ownUserId: number | null,
): ReactionGroup[] {
  const groups = new Map<string, { first: Reaction; userIds: number[] }>();
  for (const reaction of reactions) {
    const key = reactionKey(reaction);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { first: reaction, userIds: [reaction.user_id] });
    else if (!group.userIds.includes(reaction.user_id)) group.userIds.push(reaction.user_id);
  }
  return [...groups].map(([key, { first, userIds }]) => ({
    key,
    emoji_name: first.emoji_name,
    emoji_code: first.emoji_code,
    reaction_type: first.reaction_type,
    userIds,
    isMine: ownUserId !== null && userIds.includes(ownUserId),
  }));
}

/** "You, Iago reacted with :+1:" — the chip's accessible name and tooltip. */
export function reactionLabel(
  group: ReactionGroup,
  userName: (userId: number) => string,
  ownUserId: number | null,
): string {
  const names = group.userIds.map((id) => (id === ownUserId ? "You" : userName(id)));
  return `${names.join(", ")} reacted with :${group.emoji_name}:`;
}
