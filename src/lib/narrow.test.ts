import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import {
  decodeHashComponent,
  encodeHashComponent,
  messageMatchesNarrow,
  narrowFromHash,
  narrowKey,
  narrowToApi,
  narrowToHash,
  streamNarrow,
  topicNarrow,
} from "./narrow";

describe("hash encoding", () => {
  it("matches Zulip's URLs for simple names", () => {
    expect(narrowToHash(streamNarrow(12, "general"))).toBe("#narrow/stream/12-general");
    expect(narrowToHash(topicNarrow(12, "general", "lunch"))).toBe(
      "#narrow/stream/12-general/topic/lunch",
    );
    expect(narrowToHash(topicNarrow(12, "general", "lunch plans"))).toBe(
      "#narrow/stream/12-general/topic/lunch.20plans",
    );
  });

  it.each(["a.b", "100%", "x/y", "émoji 🎉", "dots...and .2E", "(quote) 'it' *", "", "a-b-c"])(
    "round-trips %j",
    (text) => {
      expect(decodeHashComponent(encodeHashComponent(text))).toBe(text);
      const narrow = topicNarrow(7, `stream ${text}`, text);
      expect(narrowFromHash(narrowToHash(narrow))).toEqual(narrow);
    },
  );

  it("parses stream and channel hashes, and rejects others", () => {
    expect(narrowFromHash("#narrow/stream/12-general")).toEqual(streamNarrow(12, "general"));
    expect(narrowFromHash("narrow/channel/12-general/topic/lunch")).toEqual(
      topicNarrow(12, "general", "lunch"),
    );
    expect(narrowFromHash("")).toBeUndefined();
    expect(narrowFromHash("#narrow/stream/general")).toBeUndefined();
    expect(narrowFromHash("#narrow/dm/1,2")).toBeUndefined();
    expect(narrowFromHash("#narrow/stream/12-general/near/5")).toBeUndefined();
    expect(narrowFromHash("#narrow/stream/12-general/topic/.zz")).toBeUndefined();
  });
});

describe("narrows and messages", () => {
  it("gives Zulip's narrow terms", () => {
    expect(narrowToApi(topicNarrow(12, "general", "lunch"))).toEqual([
      { operator: "stream", operand: "general" },
      { operator: "topic", operand: "lunch" },
    ]);
  });

  it("keys by stream id and case-insensitive topic", () => {
    expect(narrowKey(topicNarrow(12, "general", "Lunch"))).toBe(
      narrowKey(topicNarrow(12, "renamed", "lunch")),
    );
    expect(narrowKey(streamNarrow(12, "general"))).not.toBe(
      narrowKey(topicNarrow(12, "general", "lunch")),
    );
  });

  it("matches messages by stream id and topic", () => {
    const message = eg.streamMessage({ stream_id: 12, subject: "Lunch" });
    expect(messageMatchesNarrow(streamNarrow(12, "general"), message)).toBe(true);
    expect(messageMatchesNarrow(topicNarrow(12, "general", "lunch"), message)).toBe(true);
    expect(messageMatchesNarrow(topicNarrow(12, "general", "dinner"), message)).toBe(false);
    expect(messageMatchesNarrow(streamNarrow(13, "random"), message)).toBe(false);
  });
});
