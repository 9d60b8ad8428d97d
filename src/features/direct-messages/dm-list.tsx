import { useId, useState } from "react";
import { Icon } from "../../components/icon";
import { dmKey, dmNarrow, narrowKey, narrowToHash, type Narrow } from "../../lib/narrow";
import { useSessionStore } from "../../stores/session-store";
import { dmUnread, useUnreadStore } from "../../stores/unread-store";
import { UnreadCount } from "../sidebar/unread-count";
import { useUserName } from "../users/use-user-name";
import type { Conversation } from "./conversations";
import { useConversations } from "./use-conversations";
import "./direct-messages.css";

/** How many conversations show before "Show all". */
const DM_LIST_COUNT = 8;

/** A conversation's name: the others' names, or "Name (you)" for the one with oneself. */
function conversationName(
  userIds: readonly number[],
  ownUserId: number,
  userName: (userId: number) => string,
): string {
  if (userIds.length === 1 && userIds[0] === ownUserId) return `${userName(ownUserId)} (you)`;
  return userIds.map(userName).join(", ");
}

function ConversationLink({
  conversation,
  name,
  isCurrent,
}: {
  conversation: Conversation;
  name: string;
  isCurrent: boolean;
}) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => dmUnread(state, conversation.userIds));
  const isGroup = conversation.userIds.length > 1;
  return (
    <a
      aria-labelledby={nameId}
      aria-describedby={unread > 0 ? countId : undefined}
      className="sidebar-link dm-link"
      data-user-ids={conversation.userIds.join(",")}
      href={narrowToHash(dmNarrow(conversation.userIds))}
      aria-current={isCurrent ? "page" : undefined}
    >
      <Icon name={isGroup ? "users" : "mail"} className="sidebar-link-icon" />
      <span id={nameId} className="sidebar-link-name">
        {name}
      </span>
      <UnreadCount id={countId} count={unread} />
    </a>
  );
}

/**
 * Direct conversations, newest first, with unread counts: the first few, those with unreads
 * and the current one, and a button to show them all.
 */
export function DirectMessageList({ currentNarrow }: { currentNarrow: Narrow | undefined }) {
  const headingId = useId();
  const { conversations, isPending, isError } = useConversations();
  const ownUserId = useSessionStore((session) => session.credentials?.userId ?? -1);
  const userName = useUserName();
  const [isShowingAll, setShowingAll] = useState(false);
  const currentKey = currentNarrow === undefined ? undefined : narrowKey(currentNarrow);
  // Unread conversations stay listed when collapsed; a string keeps re-renders to real changes.
  const unreadKeys = useUnreadStore((state) =>
    conversations
      .filter((conversation) => dmUnread(state, conversation.userIds) > 0)
      .map((conversation) => dmKey(conversation.userIds))
      .join(";"),
  );
  const unread = new Set(unreadKeys.split(";"));
  const shown = isShowingAll
    ? conversations
    : conversations.filter((conversation, index) => {
        const key = dmKey(conversation.userIds);
        return index < DM_LIST_COUNT || unread.has(key) || key === currentKey;
      });
  const hiddenCount = conversations.length - shown.length;

  return (
    <nav className="sidebar-section" aria-labelledby={headingId}>
      <div className="sidebar-section-header">
        <h2 id={headingId} className="sidebar-heading">
          Direct messages
        </h2>
      </div>
      {isPending && (
        <p className="sidebar-note" role="status">
          Loading conversations…
        </p>
      )}
      {isError && conversations.length === 0 && (
        <p className="sidebar-note error" role="alert">
          Could not load your conversations.
        </p>
      )}
      {!isPending && !isError && conversations.length === 0 && (
        <p className="sidebar-note">No conversations yet.</p>
      )}
      <ul className="sidebar-list dm-list">
        {shown.map((conversation) => (
          <li key={conversation.userIds.join(",")} className="sidebar-item">
            <ConversationLink
              conversation={conversation}
              name={conversationName(conversation.userIds, ownUserId, userName)}
              isCurrent={dmKey(conversation.userIds) === currentKey}
            />
          </li>
        ))}
      </ul>
      {(hiddenCount > 0 || isShowingAll) && conversations.length > DM_LIST_COUNT && (
        <button
          type="button"
          className="sidebar-more-button"
          aria-expanded={isShowingAll}
          onClick={() => {
            setShowingAll((showing) => !showing);
          }}
        >
          {isShowingAll ? "Show fewer" : `Show all conversations (${conversations.length})`}
        </button>
      )}
    </nav>
  );
}
