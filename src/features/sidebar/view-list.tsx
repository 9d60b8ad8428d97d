import { useId } from "react";
import {
  allMessagesNarrow,
  mentionsNarrow,
  narrowKey,
  narrowToHash,
  narrowTitle,
  starredNarrow,
  type Narrow,
} from "../../lib/narrow";
import { narrowUnread, useUnreadStore } from "../../stores/unread-store";
import { UnreadCount } from "./unread-count";

const VIEWS: readonly Narrow[] = [allMessagesNarrow(), mentionsNarrow(), starredNarrow()];

function ViewLink({ narrow, isCurrent }: { narrow: Narrow; isCurrent: boolean }) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => narrowUnread(state, narrow));
  return (
    <a
      aria-labelledby={nameId}
      aria-describedby={unread > 0 ? countId : undefined}
      className="stream-link view-link"
      data-narrow={narrow.kind}
      href={narrowToHash(narrow)}
      aria-current={isCurrent ? "page" : undefined}
    >
      <span id={nameId} className="stream-name">
        {narrowTitle(narrow)}
      </span>
      <UnreadCount id={countId} count={unread} />
    </a>
  );
}

/** All messages, mentions and starred, with their unread counts. */
export function ViewList({ currentNarrow }: { currentNarrow: Narrow | undefined }) {
  const currentKey = currentNarrow === undefined ? undefined : narrowKey(currentNarrow);
  return (
    <ul className="stream-list view-list" aria-label="Views">
      {VIEWS.map((narrow) => (
        <li key={narrow.kind}>
          <ViewLink narrow={narrow} isCurrent={narrowKey(narrow) === currentKey} />
        </li>
      ))}
    </ul>
  );
}
