import { VISIBILITY_POLICY, type VisibilityPolicy } from "../../../common/wire/user-topics";

/** A menu entry that gives a topic a visibility policy. */
export interface TopicVisibilityAction {
  readonly label: string;
  readonly policy: VisibilityPolicy;
}

/**
 * The mute and follow entries of a topic's menu, as Zulip's: in a stream one hears, "Mute
 * topic" or "Unmute topic"; in a muted stream, "Unmute topic" (heard despite the stream) or
 * "Mute topic" (back to the stream's silence); and "Follow topic" or "Unfollow topic".
 */
export function topicVisibilityActions(
  policy: VisibilityPolicy,
  isStreamMuted: boolean,
): TopicVisibilityAction[] {
  const { inherit, muted, unmuted, followed } = VISIBILITY_POLICY;
  const mute: TopicVisibilityAction = isStreamMuted
    ? policy === unmuted || policy === followed
      ? { label: "Mute topic", policy: inherit }
      : { label: "Unmute topic", policy: unmuted }
    : policy === muted
      ? { label: "Unmute topic", policy: inherit }
      : { label: "Mute topic", policy: muted };
  const follow: TopicVisibilityAction =
    policy === followed
      ? { label: "Unfollow topic", policy: inherit }
      : { label: "Follow topic", policy: followed };
  return [mute, follow];
}

/** What a topic's change is called in an error ("Could not mute “lunch”"). */
export function topicActionVerb(label: string): string {
  return label.replace(/ topic$/, "").toLowerCase();
}
