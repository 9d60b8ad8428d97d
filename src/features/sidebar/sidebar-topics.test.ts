import { describe, expect, it } from "vitest";
import { topic } from "../../test/api-fixtures";
import { sidebarTopics } from "./sidebar-topics";

const names = (list: { name: string }[]) => list.map((entry) => entry.name);
const none = () => false;

describe("sidebarTopics", () => {
  const topics = [
    topic("a", 1),
    topic("f", 6),
    topic("c", 3),
    topic("e", 5),
    topic("b", 2),
    topic("d", 4),
  ];

  it("shows the newest few, newest first, and counts the rest", () => {
    const { shown, hiddenCount } = sidebarTopics(topics, none, undefined, 3);
    expect(names(shown)).toEqual(["f", "e", "d"]);
    expect(hiddenCount).toBe(3);
  });

  it("keeps older topics with unreads and the current topic (any case), in order", () => {
    const { shown, hiddenCount } = sidebarTopics(topics, (name) => name === "b", "A", 2);
    expect(names(shown)).toEqual(["f", "e", "b", "a"]);
    expect(hiddenCount).toBe(2);
  });

  it("lists older unread topics only until twelve are listed, as Zulip; the current one always", () => {
    const many = Array.from({ length: 40 }, (_, index) => topic(`t${String(index)}`, index + 1));
    const allUnread = () => true;
    const { shown, hiddenCount } = sidebarTopics(many, allUnread, "T0");
    expect(names(shown)).toEqual([
      ...Array.from({ length: 12 }, (_, index) => `t${String(39 - index)}`),
      "t0",
    ]);
    expect(hiddenCount).toBe(27);
    // Without unreads, the newest eight.
    expect(sidebarTopics(many, none, undefined).shown).toHaveLength(8);
  });

  it("puts a current topic the server does not list yet first, without counting it", () => {
    const { shown, hiddenCount } = sidebarTopics(topics.slice(0, 2), none, "brand new", 8);
    expect(names(shown)).toEqual(["brand new", "f", "a"]);
    expect(hiddenCount).toBe(0);
  });

  it("shows nothing for a stream without topics", () => {
    expect(sidebarTopics([], none, undefined)).toEqual({ shown: [], hiddenCount: 0 });
  });
});
