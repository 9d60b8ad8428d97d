import { describe, expect, it } from "vitest";
import type { Message } from "../../../common/wire/message";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import { allMessagesNarrow, streamNarrow, topicNarrow, type Narrow } from "../../lib/narrow";
import type { NarrowState } from "../../stores/message-data";
import { NO_MUTING, withStreamMuted, withTopicPolicy, type Muting } from "../../stores/muting";
import * as eg from "../../test/example-data";
import { dmMessage, OWN_ID } from "../../test/store-messages";
import { isHiddenByMuting, VisibleNarrow } from "./muted-visibility";

const { muted, unmuted, followed } = VISIBILITY_POLICY;
const all = allMessagesNarrow();
const general = streamNarrow(12, "general");
const lunch = eg.streamMessage({ id: 1, subject: "Lunch" });
const design = eg.streamMessage({ id: 2, stream_id: 30, display_recipient: "design" });
const direct = dmMessage([OWN_ID], { id: 3 });

const lunchMuted = withTopicPolicy(NO_MUTING, 12, "lunch", muted);
const designMuted = withStreamMuted(NO_MUTING, 30, true);

describe("isHiddenByMuting", () => {
  it("hides a muted topic from the combined feed and its stream's view, not from the topic's", () => {
    expect(isHiddenByMuting(all, lunch, lunchMuted)).toBe(true);
    expect(isHiddenByMuting(general, lunch, lunchMuted)).toBe(true);
    expect(isHiddenByMuting(topicNarrow(12, "general", "lunch"), lunch, lunchMuted)).toBe(false);
    expect(isHiddenByMuting(all, lunch, NO_MUTING)).toBe(false);
  });

  it("hides a muted stream from the combined feed only, but for its unmuted and followed topics", () => {
    const designView = streamNarrow(30, "design");
    expect(isHiddenByMuting(all, design, designMuted)).toBe(true);
    expect(isHiddenByMuting(designView, design, designMuted)).toBe(false);
    for (const policy of [unmuted, followed]) {
      const kept = withTopicPolicy(designMuted, 30, "LUNCH", policy);
      expect(isHiddenByMuting(all, design, kept)).toBe(false);
    }
  });

  it("never hides a direct message, nor anything in other views", () => {
    const everything: Muting = withStreamMuted(lunchMuted, 12, true);
    expect(isHiddenByMuting(all, direct, everything)).toBe(false);
    const others: Narrow[] = [
      { kind: "starred" },
      { kind: "mentions" },
      { kind: "search", query: "x" },
    ];
    for (const narrow of others) expect(isHiddenByMuting(narrow, lunch, everything)).toBe(false);
  });
});

describe("VisibleNarrow", () => {
  const messages = new Map<number, Message>([lunch, design, direct].map((m) => [m.id, m]));
  const lookup = (id: number) => messages.get(id);
  const state = (ids: number[]): NarrowState => ({
    narrow: all,
    ids,
    found_oldest: true,
    found_newest: true,
    isLoading: false,
    loadingOlder: false,
    loadingNewer: false,
    error: null,
    hasFetched: true,
    isSearchedOnDevice: false,
    version: 1,
  });

  it("is the state itself while muting hides nothing of it", () => {
    const held = state([1, 2, 3]);
    expect(new VisibleNarrow().of(held, NO_MUTING, lookup)).toBe(held);
    expect(new VisibleNarrow().of(undefined, lunchMuted, lookup)).toBeUndefined();
  });

  it("leaves out the hidden ids, keeps the rest of the state, and gives them back on unmuting", () => {
    const visible = new VisibleNarrow();
    const held = state([1, 2, 3]);
    const hidden = visible.of(held, withStreamMuted(lunchMuted, 30, true), lookup);
    expect(hidden?.ids).toEqual([3]);
    expect(hidden?.found_newest).toBe(true);
    expect(visible.of(held, NO_MUTING, lookup)).toBe(held);
  });

  it("gives the same filtered state again while nothing it shows changed", () => {
    const visible = new VisibleNarrow();
    const held = state([1, 2, 3]);
    const first = visible.of(held, lunchMuted, lookup);
    expect(first?.ids).toEqual([2, 3]);
    expect(visible.of(held, lunchMuted, lookup)).toBe(first);
    const grown = visible.of(state([1, 2, 3, 4]), lunchMuted, lookup);
    expect(grown).not.toBe(first);
    expect(grown?.ids).toEqual([2, 3, 4]);
  });
});
