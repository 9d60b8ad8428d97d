import { useMemo, useRef, useState, type RefObject } from "react";
import type { Message } from "../../../common/wire/message";
import { Icon } from "../../components/icon";
import { useSessionStore } from "../../stores/session-store";
import { LazyEmojiPicker, preloadEmojiPicker } from "../emoji-picker/lazy-emoji-picker";
import { BodyPortal } from "../message-actions/body-portal";
import { useUserName } from "../users/use-user-name";
import { EmojiGlyph } from "./emoji-glyph";
import { groupReactions, reactionLabel } from "./reaction-groups";
import { toggleReaction } from "../../controllers/reactions";
import type { ReactionEmoji } from "../../lib/reaction-emoji";
import "./reactions.css";

/**
 * The picker that adds a reaction to `messageId` (or removes mine, if I picked it again),
 * anchored to the button that opened it and kept inside the message list (not over compose).
 */
export function ReactionPicker({
  messageId,
  anchor,
  onClose,
}: {
  messageId: number;
  anchor: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  return (
    <BodyPortal>
      <LazyEmojiPicker
        title="Add a reaction"
        anchor={anchor}
        withinScroller
        onClose={onClose}
        onPick={(emoji: ReactionEmoji) => {
          onClose();
          void toggleReaction(messageId, emoji);
        }}
      />
    </BodyPortal>
  );
}

/**
 * A message's reactions: one chip per emoji with its count (pressed when I reacted; a click
 * adds or removes mine; the name lists who reacted), then a button to add another. Nothing
 * at all when the message has no reactions.
 */
export function MessageReactions({ message }: { message: Message }) {
  const ownUserId = useSessionStore((session) => session.credentials?.userId ?? null);
  const userName = useUserName();
  const [isPicking, setPicking] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const groups = useMemo(
    () => groupReactions(message.reactions ?? [], ownUserId),
    [message.reactions, ownUserId],
  );
  if (groups.length === 0) return null;
  return (
    <div className="reactions">
      <ul className="reaction-list" aria-label="Reactions">
        {groups.map((group) => {
          const label = reactionLabel(group, userName, ownUserId);
          return (
            <li key={group.key}>
              <button
                type="button"
                className={group.isMine ? "reaction-chip reaction-chip-mine" : "reaction-chip"}
                aria-pressed={group.isMine}
                aria-label={label}
                title={label}
                onClick={() => {
                  void toggleReaction(message.id, group);
                }}
              >
                <EmojiGlyph emoji={group} />
                <span className="reaction-count" aria-hidden="true">
                  {group.userIds.length}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        ref={addRef}
        type="button"
        className="reaction-add"
        aria-label="Add reaction"
        title="Add reaction"
        onPointerEnter={preloadEmojiPicker}
        onFocus={preloadEmojiPicker}
        onClick={() => {
          setPicking((open) => !open);
        }}
      >
        <Icon name="plus" size={14} />
      </button>
      {isPicking && (
        <ReactionPicker
          messageId={message.id}
          anchor={addRef}
          onClose={() => {
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}
