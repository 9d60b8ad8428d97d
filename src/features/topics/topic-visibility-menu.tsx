import { Icon } from "../../components/icon";
import { MenuButton } from "../../components/menu";
import { useSetTopicPolicy } from "../../queries/muting-mutations";
import { isStreamMuted, topicVisibilityPolicy, useUnreadStore } from "../../stores/unread-store";
import { openMoveTopic, useMoveAbilities } from "../move-messages/open-move";
import { topicActionVerb, topicVisibilityActions } from "./topic-visibility";

/**
 * A topic's mute and follow menu (the topic table's rows, a recipient header): "Mute topic" or
 * "Unmute topic", "Follow topic" or "Unfollow topic", and with `moveThrough` (a message of the
 * topic), "Move topic" for those who may. `run` reports a refusal where the view shows errors.
 */
export function TopicVisibilityMenu({
  streamId,
  topic,
  run,
  className = "icon-button topic-row-menu",
  moveThrough,
}: {
  streamId: number;
  topic: string;
  run: (failure: string, action: () => Promise<unknown>) => void;
  className?: string;
  moveThrough?: number | undefined;
}) {
  const policy = useUnreadStore((state) => topicVisibilityPolicy(state, streamId, topic));
  const isMutedStream = useUnreadStore((state) => isStreamMuted(state, streamId));
  const setPolicy = useSetTopicPolicy();
  const move = useMoveAbilities();
  const mayMove = moveThrough !== undefined && (move.topic || move.stream);
  return (
    <MenuButton
      label={`Mute or follow ${topic}`}
      className={className}
      items={[
        ...topicVisibilityActions(policy, isMutedStream).map((action) => ({
          label: action.label,
          onSelect: () => {
            run(`Could not ${topicActionVerb(action.label)} “${topic}”`, () =>
              setPolicy.mutateAsync({ streamId, topic, policy: action.policy }),
            );
          },
        })),
        ...(mayMove
          ? [
              {
                label: "Move topic",
                onSelect: () => {
                  openMoveTopic(streamId, topic, moveThrough, move.stream);
                },
              },
            ]
          : []),
      ]}
    >
      <Icon name="more" />
    </MenuButton>
  );
}
