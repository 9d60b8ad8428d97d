import { Icon } from "../../components/icon";
import { MenuButton } from "../../components/menu";
import { useSetTopicPolicy } from "../../queries/muting-mutations";
import { isStreamMuted, topicVisibilityPolicy, useUnreadStore } from "../../stores/unread-store";
import { topicActionVerb, topicVisibilityActions } from "./topic-visibility";

/**
 * A topic's mute and follow menu (the topic table's rows, a recipient header): "Mute topic" or
 * "Unmute topic", "Follow topic" or "Unfollow topic". `run` reports a refusal where the view
 * shows errors.
 */
export function TopicVisibilityMenu({
  streamId,
  topic,
  run,
  className = "icon-button topic-row-menu",
}: {
  streamId: number;
  topic: string;
  run: (failure: string, action: () => Promise<unknown>) => void;
  className?: string;
}) {
  const policy = useUnreadStore((state) => topicVisibilityPolicy(state, streamId, topic));
  const isMutedStream = useUnreadStore((state) => isStreamMuted(state, streamId));
  const setPolicy = useSetTopicPolicy();
  return (
    <MenuButton
      label={`Mute or follow ${topic}`}
      className={className}
      items={topicVisibilityActions(policy, isMutedStream).map((action) => ({
        label: action.label,
        onSelect: () => {
          run(`Could not ${topicActionVerb(action.label)} “${topic}”`, () =>
            setPolicy.mutateAsync({ streamId, topic, policy: action.policy }),
          );
        },
      }))}
    >
      <Icon name="more" />
    </MenuButton>
  );
}
