import { VISIBILITY_POLICY, type VisibilityPolicy } from "../../../common/wire/user-topics";
import { Icon } from "../../components/icon";

/**
 * Beside a topic's name: a bell for a followed topic, a crossed eye for a muted one (the row is
 * also dimmed); read out as "followed" or "muted".
 */
export function TopicPolicyMark({
  policy,
  isMuted,
}: {
  policy: VisibilityPolicy;
  isMuted: boolean;
}) {
  if (policy === VISIBILITY_POLICY.followed) {
    return (
      <span className="topic-policy-mark" data-policy="followed">
        <Icon name="bell" size={12} />
        <span className="visually-hidden">followed</span>
      </span>
    );
  }
  if (!isMuted) return null;
  return (
    <span className="topic-policy-mark" data-policy="muted">
      <Icon name="eyeOff" size={12} />
      <span className="visually-hidden">muted</span>
    </span>
  );
}
