import { describe, expect, it } from "vitest";
import { streamNarrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { compactMessage, pooledString, pooledStringCount } from "./message-compact";
import { createMessageStore, getMessage } from "./message-store";

/** A message as a fetch delivers it: parsed from JSON, every string and list its own copy. */
function parsed<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe("compactMessage", () => {
  it("keeps every value as it was", () => {
    const message = eg.streamMessage({
      id: 7,
      flags: ["read", "starred"],
      reactions: [
        { emoji_name: "+1", emoji_code: "1f44d", reaction_type: "unicode_emoji", user_id: 11 },
      ],
      topic_links: [{ text: "#12", url: "https://example.com/12" }],
    });
    expect(compactMessage(parsed(message))).toEqual(message);
  });

  it("gives messages one shared, frozen empty list and one list per single flag", () => {
    const first = compactMessage(parsed(eg.streamMessage({ id: 1, flags: ["read"] })));
    const second = compactMessage(parsed(eg.streamMessage({ id: 2, flags: ["read"] })));
    const other = compactMessage(parsed(eg.streamMessage({ id: 3, flags: ["starred"] })));
    expect(second.flags).toBe(first.flags);
    expect(other.flags).toEqual(["starred"]);
    expect(other.flags).not.toBe(first.flags);
    expect(second.reactions).toEqual([]);
    expect(second.reactions).toBe(first.reactions);
    expect(second.topic_links).toBe(first.topic_links);
    expect(Object.isFrozen(first.flags)).toBe(true);
    expect(() => {
      first.flags?.push("starred");
    }).toThrow(TypeError);
    // Longer lists stay the message's own.
    const two = compactMessage(parsed(eg.streamMessage({ id: 4, flags: ["read", "starred"] })));
    expect(Object.isFrozen(two.flags)).toBe(false);
  });

  it("pools each string value once, and starts over past its bound", () => {
    const before = pooledStringCount();
    pooledString("a topic nobody used before");
    pooledString("a topic nobody used before");
    expect(pooledStringCount()).toBe(before + 1);
    for (let index = 0; index < 20_000; index++) pooledString(`topic ${String(index)}`);
    expect(pooledStringCount()).toBeLessThanOrEqual(20_000);
  });
});

describe("the message store with shared lists", () => {
  it("changes a flag of one message without changing the others that shared its list", () => {
    const store = createMessageStore();
    store.getState().sessionStarted(eg.iago.user_id);
    const ticket = store.getState().fetchStarted(streamNarrow(12, "general"), "around");
    const messages = [1, 2, 3].map((id) => eg.streamMessage({ id, flags: ["read"] }));
    store.getState().messagesFetched(ticket, parsed(eg.messagesResponse(messages)));
    store.getState().flagsChanged({ op: "add", flag: "starred", messages: [2] });

    const state = store.getState();
    expect(getMessage(state, 1)?.flags).toEqual(["read"]);
    expect(getMessage(state, 2)?.flags).toEqual(["read", "starred"]);
    expect(getMessage(state, 3)?.flags).toEqual(["read"]);
  });
});
