import type { Message } from "../../common/wire/message";
import { ROLE } from "../../common/wire/users";

/**
 * The register snapshot's rules for moving messages (Zulip's `realm_move_messages_*`); what it
 * leaves out is Zulip's default (a week; members may move between streams).
 */
export interface MoveRules {
  /** Null: no limit. */
  readonly withinStreamLimitSeconds?: number | null | undefined;
  /** Zulip's policy scale: 1 members, 2 administrators, 3 full members, 4 moderators, 6 nobody. */
  readonly betweenStreamsPolicy?: number | undefined;
  /** Null: no limit. */
  readonly betweenStreamsLimitSeconds?: number | null | undefined;
}

/** Zulip's defaults, until (or unless) the snapshot says otherwise. */
export const DEFAULT_MOVE_RULES: MoveRules = {};

/** Zulip's default limits: a week. */
const DEFAULT_LIMIT_SECONDS = 604_800;

/** Whether `role` may move messages to another stream at all, under `policy`. */
function mayMoveBetweenStreams(role: number, policy: number | undefined): boolean {
  switch (policy) {
    case 2:
      return role <= ROLE.administrator;
    case 4:
      return role <= ROLE.moderator;
    case 6:
      return false;
    default:
      // Members (1) and full members (3): the client does not know the waiting period.
      return role < ROLE.guest;
  }
}

/** Within the limit (Zulip's check: limit + timestamp − now > 0), moderators having none. */
function withinLimit(
  limit: number | null | undefined,
  role: number,
  message: Message,
  nowSeconds: number,
): boolean {
  if (role <= ROLE.moderator || limit === null) return true;
  return (limit ?? DEFAULT_LIMIT_SECONDS) + message.timestamp - nowSeconds > 0;
}

/**
 * What the user of `role` may do to `message`: rename its topic (Zulip's `is_topic_editable`)
 * and move it to another stream (`is_stream_editable`). Direct messages move nowhere. Without a
 * message (a whole topic), only the role and the policy are known: the server checks the rest.
 */
export function moveAbilities(
  message: Message | undefined,
  role: number,
  rules: MoveRules,
  nowSeconds: number,
): { readonly topic: boolean; readonly stream: boolean } {
  const isStream = message === undefined || message.type === "stream";
  const within = (limit: number | null | undefined) =>
    message === undefined || withinLimit(limit, role, message, nowSeconds);
  return {
    topic: isStream && role < ROLE.guest && within(rules.withinStreamLimitSeconds),
    stream:
      isStream &&
      mayMoveBetweenStreams(role, rules.betweenStreamsPolicy) &&
      within(rules.betweenStreamsLimitSeconds),
  };
}
