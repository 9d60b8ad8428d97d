import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { dmMessage, OWN_ID } from "../test/store-messages";
import {
  allMessagesNarrow,
  candidateNarrowKeys,
  decodeHashComponent,
  dmNarrow,
  dmsNarrow,
  dmParticipants,
  encodeHashComponent,
  mentionsNarrow,
  messageMatchesNarrow,
  narrowFromHash,
  narrowKey,
  narrowTitle,
  narrowToApi,
  narrowToHash,
  searchNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
  type Narrow,
} from "./narrow";

const everyKind: Narrow[] = [
  allMessagesNarrow(),
  streamNarrow(12, "general"),
  topicNarrow(12, "general", "lunch plans"),
  dmNarrow([9, 8]),
  dmNarrow([8]),
  starredNarrow(),
  mentionsNarrow(),
  searchNarrow("lunch & dinner"),
];

describe("hash encoding", () => {
  it("matches Zulip's URLs", () => {
    expect(narrowToHash(streamNarrow(12, "general"))).toBe("#narrow/stream/12-general");
    expect(narrowToHash(topicNarrow(12, "general", "lunch"))).toBe(
      "#narrow/stream/12-general/topic/lunch",
    );
    expect(narrowToHash(topicNarrow(12, "general", "lunch plans"))).toBe(
      "#narrow/stream/12-general/topic/lunch.20plans",
    );
    expect(narrowToHash(dmNarrow([9, 8]))).toBe("#narrow/dm/8,9-group");
    expect(narrowToHash(dmNarrow([8]), "Iago")).toBe("#narrow/dm/8-Iago");
    expect(narrowToHash(starredNarrow())).toBe("#narrow/is/starred");
    expect(narrowToHash(mentionsNarrow())).toBe("#narrow/is/mentioned");
    expect(narrowToHash(searchNarrow("a b"))).toBe("#narrow/search/a.20b");
    expect(narrowToHash(allMessagesNarrow())).toBe("#all_messages");
  });

  it.each(["a.b", "100%", "x/y", "émoji 🎉", "dots...and .2E", "(quote) 'it' *", "", "a-b-c"])(
    "round-trips %j",
    (text) => {
      expect(decodeHashComponent(encodeHashComponent(text))).toBe(text);
      const narrow = topicNarrow(7, `stream ${text}`, text);
      expect(narrowFromHash(narrowToHash(narrow))).toEqual(narrow);
      expect(narrowFromHash(narrowToHash(searchNarrow(text)))).toEqual(searchNarrow(text));
    },
  );

  it.each(everyKind)("round-trips every kind: %j", (narrow) => {
    expect(narrowFromHash(narrowToHash(narrow))).toEqual(narrow);
  });

  it("parses Zulip's other spellings", () => {
    expect(narrowFromHash("#narrow/stream/12-general")).toEqual(streamNarrow(12, "general"));
    expect(narrowFromHash("narrow/channel/12-general/topic/lunch")).toEqual(
      topicNarrow(12, "general", "lunch"),
    );
    expect(narrowFromHash("#narrow/dm/8-Iago")).toEqual(dmNarrow([8]));
    expect(narrowFromHash("#narrow/pm-with/9,8-group")).toEqual(dmNarrow([8, 9]));
    expect(narrowFromHash("#narrow/dm/8")).toEqual(dmNarrow([8]));
    expect(narrowFromHash("#narrow/is/alerted")).toEqual(mentionsNarrow());
  });

  it("rejects anything else", () => {
    for (const hash of [
      "",
      "#all",
      "#narrow/stream/general",
      "#narrow/stream/12-general/near/5",
      "#narrow/stream/12-general/topic/.zz",
      "#narrow/dm/iago",
      "#narrow/dm/8,-group",
      "#narrow/is/unread",
      "#narrow/is/starred/extra",
      "#narrow/search/.zz",
      "#narrow/sender/8",
    ]) {
      expect(narrowFromHash(hash), hash).toBeUndefined();
    }
  });
});

describe("narrows", () => {
  it("sorts and dedupes direct-message participants", () => {
    expect(dmNarrow([9, 8, 9])).toEqual({ kind: "dm", userIds: [8, 9] });
  });

  it("gives Zulip's narrow terms, streams by id", () => {
    expect(narrowToApi(allMessagesNarrow())).toEqual([]);
    expect(narrowToApi(topicNarrow(12, "general", "lunch"))).toEqual([
      { operator: "stream", operand: 12 },
      { operator: "topic", operand: "lunch" },
    ]);
    expect(narrowToApi(dmNarrow([9, 8]))).toEqual([{ operator: "dm", operand: [8, 9] }]);
    expect(narrowToApi(starredNarrow())).toEqual([{ operator: "is", operand: "starred" }]);
    expect(narrowToApi(mentionsNarrow())).toEqual([{ operator: "is", operand: "mentioned" }]);
    expect(narrowToApi(searchNarrow("x"))).toEqual([{ operator: "search", operand: "x" }]);
  });

  it("keys by stream id, case-insensitive topic and participant set; every kind apart", () => {
    expect(narrowKey(topicNarrow(12, "general", "Lunch"))).toBe(
      narrowKey(topicNarrow(12, "renamed", "lunch")),
    );
    expect(narrowKey(dmNarrow([9, 8]))).toBe(narrowKey(dmNarrow([8, 9])));
    expect(new Set(everyKind.map(narrowKey)).size).toBe(everyKind.length);
  });

  it("titles every kind", () => {
    expect(narrowTitle(topicNarrow(12, "general", "lunch"))).toBe("#general > lunch");
    expect(narrowTitle(dmNarrow([8, 9]), (id) => `U${id}`)).toBe("U8, U9");
    expect(narrowTitle(allMessagesNarrow())).toBe("All messages");
    expect(narrowTitle(searchNarrow("x"))).toBe("Search: x");
  });
});

describe("messageMatchesNarrow", () => {
  const message = eg.streamMessage({ stream_id: 12, subject: "Lunch" });
  const matches = (narrow: Narrow, m = message) => messageMatchesNarrow(narrow, m, OWN_ID);

  it("matches stream messages by stream id (not name) and topic without case", () => {
    expect(matches(streamNarrow(12, "renamed"))).toBe(true);
    expect(matches(topicNarrow(12, "general", "lunch"))).toBe(true);
    expect(matches(topicNarrow(12, "general", "dinner"))).toBe(false);
    expect(matches(streamNarrow(13, "general"))).toBe(false);
    expect(matches(dmNarrow([eg.hamlet.user_id]))).toBe(false);
  });

  it("matches direct messages by participant set, including the self-conversation", () => {
    const withHamlet = dmMessage([OWN_ID, 11]);
    const group = dmMessage([OWN_ID, 11, 12]);
    const toSelf = dmMessage([OWN_ID], { sender_id: OWN_ID });
    expect(matches(dmNarrow([11]), withHamlet)).toBe(true);
    expect(matches(dmNarrow([11, 12]), withHamlet)).toBe(false);
    expect(matches(dmNarrow([12, 11]), group)).toBe(true);
    expect(matches(dmNarrow([11]), group)).toBe(false);
    expect(matches(dmNarrow([OWN_ID]), toSelf)).toBe(true);
    expect(matches(dmNarrow([OWN_ID]), withHamlet)).toBe(false);
    expect(matches(dmNarrow([11]), toSelf)).toBe(false);
    expect(matches(streamNarrow(12, "general"), withHamlet)).toBe(false);
  });

  it("matches starred and mentions by flags, all always, search never", () => {
    const starred = eg.streamMessage({ flags: ["read", "starred"] });
    expect(matches(starredNarrow(), starred)).toBe(true);
    expect(matches(starredNarrow())).toBe(false);
    expect(matches(mentionsNarrow(), eg.streamMessage({ flags: ["mentioned"] }))).toBe(true);
    expect(matches(mentionsNarrow(), eg.streamMessage({ flags: ["wildcard_mentioned"] }))).toBe(
      true,
    );
    expect(matches(mentionsNarrow(), starred)).toBe(false);
    expect(matches(allMessagesNarrow(), dmMessage([OWN_ID, 11]))).toBe(true);
    expect(matches(searchNarrow("Message"))).toBe(false);
  });

  it("gives the other participants of a direct message, or oneself", () => {
    expect(dmParticipants(dmMessage([OWN_ID, 12, 11]), OWN_ID)).toEqual([11, 12]);
    expect(dmParticipants(dmMessage([OWN_ID], { sender_id: OWN_ID }), OWN_ID)).toEqual([OWN_ID]);
  });

  it("lists the keys of every narrow a message can be in, and only those", () => {
    const keys = candidateNarrowKeys(
      eg.streamMessage({ stream_id: 12, subject: "Lunch", flags: ["starred", "mentioned"] }),
      OWN_ID,
    );
    expect(keys).toEqual([
      "all",
      narrowKey(streamNarrow(12, "")),
      narrowKey(topicNarrow(12, "", "lunch")),
      "starred",
      "mentions",
    ]);
    expect(candidateNarrowKeys(dmMessage([OWN_ID, 11]), OWN_ID)).toEqual([
      "all",
      narrowKey(dmNarrow([11])),
      narrowKey(dmsNarrow()),
    ]);
  });

  it("puts every direct message, and only those, in the direct message feed", () => {
    expect(messageMatchesNarrow(dmsNarrow(), dmMessage([OWN_ID, 11]), OWN_ID)).toBe(true);
    expect(narrowToApi(dmsNarrow())).toEqual([{ operator: "is", operand: "dm" }]);
    expect(narrowToHash(dmsNarrow())).toBe("#narrow/is/dm");
    expect(narrowFromHash("#narrow/is/dm")).toEqual(dmsNarrow());
    expect(narrowFromHash("#narrow/is/private")).toEqual(dmsNarrow());
  });
});
