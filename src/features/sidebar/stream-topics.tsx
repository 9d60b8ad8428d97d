import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { Icon } from "../../components/icon";
import { MenuButton } from "../../components/menu";
import { narrowToHash, topicNarrow } from "../../lib/narrow";
import { topicsHash } from "../../lib/route";
import { streamQueries } from "../../queries/stream-queries";
import { markTopicAsRead } from "../../controllers/mark-read";
import { isResolvedTopic } from "../../lib/resolved-topic";
import { useToggleTopicResolved } from "../../queries/message-mutations";
import { reportActionError } from "../../stores/action-notice-store";
import { errorMessage } from "../streams/error-message";
import { openMoveTopic, useMoveAbilities } from "../move-messages/open-move";
import {
  isConversationMuted,
  isStreamMuted,
  topicUnread,
  topicVisibilityPolicy,
  useUnreadStore,
} from "../../stores/unread-store";
import { useSetTopicPolicy } from "../../queries/muting-mutations";
import { TopicPolicyMark } from "../topics/topic-policy-mark";
import { topicActionVerb, topicVisibilityActions } from "../topics/topic-visibility";
import { sidebarTopics } from "./sidebar-topics";
import { UnreadCount } from "./unread-count";
import type { useMarkAsRead } from "./use-mark-as-read";
import type { useSidebarAction } from "./use-sidebar-action";

type MarkAsRead = ReturnType<typeof useMarkAsRead>["run"];
type RunAction = ReturnType<typeof useSidebarAction>["run"];

function TopicLink({
  streamId,
  streamName,
  topic,
  maxId,
  isCurrent,
  markAsRead,
  runAction,
}: {
  streamId: number;
  streamName: string;
  topic: string;
  /** The topic's newest message, through which it is renamed. */
  maxId: number;
  isCurrent: boolean;
  markAsRead: MarkAsRead;
  runAction: RunAction;
}) {
  const nameId = useId();
  const countId = useId();
  const unread = useUnreadStore((state) => topicUnread(state, streamId, topic));
  const policy = useUnreadStore((state) => topicVisibilityPolicy(state, streamId, topic));
  const isStreamMutedHere = useUnreadStore((state) => isStreamMuted(state, streamId));
  const isMuted = useUnreadStore((state) => isConversationMuted(state, streamId, topic));
  const toggleResolved = useToggleTopicResolved();
  const setPolicy = useSetTopicPolicy();
  const resolved = isResolvedTopic(topic);
  const move = useMoveAbilities();
  const visibilityItems = topicVisibilityActions(policy, isStreamMutedHere).map((action) => ({
    label: action.label,
    onSelect: () => {
      runAction(`Could not ${topicActionVerb(action.label)} “${topic}”`, () =>
        setPolicy.mutateAsync({ streamId, topic, policy: action.policy }),
      );
    },
  }));
  return (
    <div className={isMuted ? "sidebar-row is-muted" : "sidebar-row"}>
      <a
        aria-labelledby={nameId}
        aria-describedby={unread > 0 ? countId : undefined}
        className="sidebar-link topic-link"
        data-topic={topic}
        href={narrowToHash(topicNarrow(streamId, streamName, topic))}
        aria-current={isCurrent ? "page" : undefined}
      >
        <span id={nameId} className="sidebar-link-name">
          {topic}
        </span>
        <TopicPolicyMark policy={policy} isMuted={isMuted} />
        <UnreadCount id={countId} count={unread} />
      </a>
      <MenuButton
        label={`Topic options for ${topic}`}
        className="icon-button sidebar-row-menu"
        items={[
          {
            label: "Mark topic as read",
            onSelect: () => {
              markAsRead(`“${topic}”`, (client) => markTopicAsRead(client, streamId, topic));
            },
          },
          {
            label: resolved ? "Mark as unresolved" : "Mark as resolved",
            onSelect: () => {
              toggleResolved.mutate(
                { messageId: maxId, topic },
                {
                  onError: (failure) => {
                    const what = resolved ? "unresolved" : "resolved";
                    reportActionError(
                      maxId,
                      `Could not mark “${topic}” as ${what}: ${errorMessage(failure)}`,
                    );
                  },
                },
              );
            },
          },
          ...(move.topic || move.stream
            ? [
                {
                  label: "Move topic",
                  onSelect: () => {
                    openMoveTopic(streamId, topic, maxId, move.stream);
                  },
                },
              ]
            : []),
          ...visibilityItems,
        ]}
      >
        <Icon name="more" />
      </MenuButton>
    </div>
  );
}

/**
 * The current stream's topics under it in the sidebar: the newest few, any with unreads, the
 * current one highlighted, and "More topics" (the stream's topic list) when some are left out.
 */
export function StreamTopics({
  streamId,
  streamName,
  currentTopic,
  markAsRead,
  runAction,
}: {
  streamId: number;
  streamName: string;
  currentTopic: string | undefined;
  markAsRead: MarkAsRead;
  runAction: RunAction;
}) {
  const topics = useQuery(streamQueries.topics(streamId));
  // A string, so the sidebar re-renders only when the set of unread topics changes.
  const unreadNames = useUnreadStore((state) =>
    (topics.data ?? [])
      .filter((topic) => topicUnread(state, streamId, topic.name) > 0)
      .map((topic) => topic.name.toLowerCase())
      .join("\n"),
  );
  const { shown, hiddenCount } = useMemo(() => {
    const unread = new Set(unreadNames.split("\n"));
    return sidebarTopics(topics.data ?? [], (name) => unread.has(name.toLowerCase()), currentTopic);
  }, [topics.data, unreadNames, currentTopic]);
  const current = currentTopic?.toLowerCase();

  return (
    <ul className="sidebar-topics" aria-label={`Topics in ${streamName}`}>
      {topics.isPending && (
        <li className="sidebar-topics-note" role="status">
          Loading topics…
        </li>
      )}
      {topics.isError && <li className="sidebar-topics-note error">Could not load the topics.</li>}
      {topics.isSuccess && shown.length === 0 && (
        <li className="sidebar-topics-note">No topics yet.</li>
      )}
      {shown.map((topic) => (
        <li key={topic.name.toLowerCase()} className="sidebar-item">
          <TopicLink
            streamId={streamId}
            streamName={streamName}
            topic={topic.name}
            maxId={topic.max_id}
            isCurrent={topic.name.toLowerCase() === current}
            markAsRead={markAsRead}
            runAction={runAction}
          />
        </li>
      ))}
      {hiddenCount > 0 && (
        <li className="sidebar-item">
          <a className="sidebar-link sidebar-more-link" href={topicsHash(streamId, streamName)}>
            More topics
          </a>
        </li>
      )}
    </ul>
  );
}
