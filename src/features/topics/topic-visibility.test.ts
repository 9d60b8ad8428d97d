import { describe, expect, it } from "vitest";
import { topicActionVerb, topicVisibilityActions } from "./topic-visibility";

const labels = (policy: 0 | 1 | 2 | 3, streamMuted: boolean) =>
  topicVisibilityActions(policy, streamMuted).map((action) => [action.label, action.policy]);

describe("topicVisibilityActions", () => {
  it("mutes and unmutes a topic of a stream one hears", () => {
    expect(labels(0, false)).toEqual([
      ["Mute topic", 1],
      ["Follow topic", 3],
    ]);
    expect(labels(1, false)).toEqual([
      ["Unmute topic", 0],
      ["Follow topic", 3],
    ]);
    expect(labels(3, false)).toEqual([
      ["Mute topic", 1],
      ["Unfollow topic", 0],
    ]);
  });

  it("unmutes a topic of a muted stream, and mutes it back", () => {
    expect(labels(0, true)).toEqual([
      ["Unmute topic", 2],
      ["Follow topic", 3],
    ]);
    expect(labels(2, true)).toEqual([
      ["Mute topic", 0],
      ["Follow topic", 3],
    ]);
    expect(labels(3, true)).toEqual([
      ["Mute topic", 0],
      ["Unfollow topic", 0],
    ]);
  });

  it("names the change for an error", () => {
    expect(topicActionVerb("Unfollow topic")).toBe("unfollow");
  });
});
