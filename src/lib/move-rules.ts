import type { Message } from "../../common/wire/message";

/** The register snapshot's rules for moving messages (Zulip's `realm_move_messages_*`). */
export interface MoveRules {
  /** Null: no limit. */
  readonly withinStreamLimitSeconds: number | null;
  /** Zulip's policy scale: 1 members, 2 administrators, 3 full members, 4 moderators, 6 nobody. */
  readonly betweenStreamsPolicy: number;
  /** Null: no limit. */
  readonly betweenStreamsLimitSeconds: number | null;
}

/** Zulip's defaults, until (or unless) the snapshot says otherwise. */
export const DEFAULT_MOVE_RULES: MoveRules = {
  withinStreamLimitSeconds: 604_800,
  betweenStreamsPolicy: 1,
  betweenStreamsLimitSeconds: 604_800,
};

const ROLE_ADMINISTRATOR = 200;
const ROLE_MODERATOR = 300;
const ROLE_GUEST = 600;

/** Whether `role` may move messages to another stream at all, under `policy`. */
export function mayMoveBetweenStreams(role: number, policy: number): boolean {
  switch (policy) {
    case 2:
      return role <= ROLE_ADMINISTRATOR;
    case 4:
      return role <= ROLE_MODERATOR;
    case 6:
      return false;
    default:
      // Members (1) and full members (3): the client does not know the waiting period.
      return role < ROLE_GUEST;
  }
}

/** Within the limit (Zulip's check: limit + timestamp − now > 0), moderators having none. */
function withinLimit(
  limit: number | null,
  role: number,
  message: Message,
  nowSeconds: number,
): boolean {
  if (role <= ROLE_MODERATOR || limit === null) return true;
  return limit + message.timestamp - nowSeconds > 0;
}

/**
 * What the user of `role` may do to `message`: rename its topic (Zulip's `is_topic_editable`)
 * and move it to another stream (`is_stream_editable`). Direct messages move nowhere.
 */
export function moveAbilities(
  message: Message,
  role: number,
  rules: MoveRules,
  nowSeconds: number,
): { readonly topic: boolean; readonly stream: boolean } {
  if (message.type !== "stream" || message.stream_id === undefined) {
    return { topic: false, stream: false };
  }
  return {
    topic:
      role < ROLE_GUEST && withinLimit(rules.withinStreamLimitSeconds, role, message, nowSeconds),
    stream:
      mayMoveBetweenStreams(role, rules.betweenStreamsPolicy) &&
      withinLimit(rules.betweenStreamsLimitSeconds, role, message, nowSeconds),
  };
}

/** Zulip's `can_move_message`: its topic or its stream may be changed. */
export function canMoveMessage(
  message: Message,
  role: number,
  rules: MoveRules,
  nowSeconds: number,
): boolean {
  const abilities = moveAbilities(message, role, rules, nowSeconds);
  return abilities.topic || abilities.stream;
}
