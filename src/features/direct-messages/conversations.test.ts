import { describe, expect, it } from "vitest";
import {
  mergeConversations,
  parseConversationSignature,
  storeConversationSignature,
} from "./conversations";

const OWN = 10;
const list = (last: number | undefined) => ({ last });

describe("the message store's conversations", () => {
  it("reads dm keys and their newest ids, ignoring streams, topics and empty lists", () => {
    const byKey = new Map([
      ["stream:12", list(900)],
      ["dm:11", list(500)],
      ["topic:12:lunch", list(900)],
      ["dm:11,12", list(700)],
      ["dm:13", list(undefined)],
    ]);
    const signature = storeConversationSignature(byKey);
    expect(signature).toBe("dm:11=500;dm:11,12=700");
    expect(parseConversationSignature(signature)).toEqual([
      { userIds: [11], maxMessageId: 500 },
      { userIds: [11, 12], maxMessageId: 700 },
    ]);
    expect(parseConversationSignature("")).toEqual([]);
  });
});

describe("mergeConversations", () => {
  it("lists each conversation once at its newest message, newest first", () => {
    const merged = mergeConversations(
      [
        { max_message_id: 300, user_ids: [11] },
        { max_message_id: 200, user_ids: [] },
        { max_message_id: 100, user_ids: [11, 12] },
      ],
      [
        { userIds: [11, 12], maxMessageId: 400 },
        { userIds: [11], maxMessageId: 250 },
        { userIds: [13], maxMessageId: 50 },
      ],
      OWN,
    );
    expect(merged).toEqual([
      { userIds: [11, 12], maxMessageId: 400 },
      { userIds: [11], maxMessageId: 300 },
      // Zulip's [] (oneself) is the narrow's [own id].
      { userIds: [OWN], maxMessageId: 200 },
      { userIds: [13], maxMessageId: 50 },
    ]);
  });

  it("joins the snapshot's conversation with oneself and the store's", () => {
    const merged = mergeConversations(
      [{ max_message_id: 5, user_ids: [] }],
      [{ userIds: [OWN], maxMessageId: 9 }],
      OWN,
    );
    expect(merged).toEqual([{ userIds: [OWN], maxMessageId: 9 }]);
  });
});
