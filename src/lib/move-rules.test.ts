import { describe, expect, it } from "vitest";
import type { Message } from "../../common/wire/message";
import * as eg from "../test/example-data";
import { DEFAULT_MOVE_RULES, moveAbilities, type MoveRules } from "./move-rules";

const MEMBER = 400;
const MODERATOR = 300;
const ADMIN = 200;
const GUEST = 600;
const WEEK = 604_800;
const message = eg.streamMessage({ timestamp: 1_000_000 });
const fresh = message.timestamp + 60;
const old = message.timestamp + WEEK + 1;

/** Zulip's `can_move_message`: the topic or the stream may change. */
function canMoveMessage(
  moved: Message | undefined,
  role: number,
  rules: MoveRules,
  nowSeconds: number,
) {
  const abilities = moveAbilities(moved, role, rules, nowSeconds);
  return abilities.topic || abilities.stream;
}

describe("moveAbilities (Zulip's is_topic_editable and is_stream_editable)", () => {
  it("lets a member move a recent stream message's topic and stream, not a week-old one's", () => {
    expect(moveAbilities(message, MEMBER, DEFAULT_MOVE_RULES, fresh)).toEqual({
      topic: true,
      stream: true,
    });
    expect(moveAbilities(message, MEMBER, DEFAULT_MOVE_RULES, old)).toEqual({
      topic: false,
      stream: false,
    });
    expect(canMoveMessage(message, MEMBER, DEFAULT_MOVE_RULES, old)).toBe(false);
  });

  it("holds moderators to no time limit, and no one to a null one", () => {
    expect(canMoveMessage(message, MODERATOR, DEFAULT_MOVE_RULES, old)).toBe(true);
    const unlimited = {
      ...DEFAULT_MOVE_RULES,
      withinStreamLimitSeconds: null,
      betweenStreamsLimitSeconds: null,
    };
    expect(moveAbilities(message, MEMBER, unlimited, old)).toEqual({ topic: true, stream: true });
  });

  it("follows the policy for moves between streams", () => {
    const adminsOnly = { ...DEFAULT_MOVE_RULES, betweenStreamsPolicy: 2 };
    expect(moveAbilities(message, MEMBER, adminsOnly, fresh)).toEqual({
      topic: true,
      stream: false,
    });
    expect(moveAbilities(message, ADMIN, adminsOnly, fresh).stream).toBe(true);
    const moderators = { ...DEFAULT_MOVE_RULES, betweenStreamsPolicy: 4 };
    expect(moveAbilities(message, MEMBER, moderators, fresh).stream).toBe(false);
    expect(moveAbilities(message, MODERATOR, moderators, fresh).stream).toBe(true);
    const nobody = { ...DEFAULT_MOVE_RULES, betweenStreamsPolicy: 6 };
    expect(moveAbilities(message, ADMIN, nobody, fresh).stream).toBe(false);
  });

  it("without a message (a whole topic), knows only the role and the policy", () => {
    expect(moveAbilities(undefined, MEMBER, DEFAULT_MOVE_RULES, old)).toEqual({
      topic: true,
      stream: true,
    });
    const adminsOnly = { ...DEFAULT_MOVE_RULES, betweenStreamsPolicy: 2 };
    expect(moveAbilities(undefined, MEMBER, adminsOnly, old)).toEqual({
      topic: true,
      stream: false,
    });
    expect(canMoveMessage(undefined, GUEST, DEFAULT_MOVE_RULES, old)).toBe(false);
  });

  it("never moves a guest's or a direct message", () => {
    expect(canMoveMessage(message, GUEST, DEFAULT_MOVE_RULES, fresh)).toBe(false);
    const direct = { ...message, type: "private" as const, stream_id: undefined };
    expect(canMoveMessage(direct, ADMIN, DEFAULT_MOVE_RULES, fresh)).toBe(false);
  });
});
