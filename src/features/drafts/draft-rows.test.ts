import { describe, expect, it } from "vitest";
import { dmNarrow, streamNarrow, topicNarrow } from "../../lib/narrow";
import { draftRows } from "./draft-rows";

const lookups = {
  streamName: (id: number) => (id === 12 ? "general" : `stream ${id}`),
  userName: (id: number) => ({ 8: "Iago", 9: "Othello" })[id] ?? `user ${id}`,
};

describe("draftRows", () => {
  it("lists the drafts newest first, with where restoring each goes", () => {
    const rows = draftRows(
      {
        "topic:12:lunch plans": { topic: "Lunch Plans", content: "Pizza?", updatedAt: 300 },
        "dm:8,9": { topic: "", content: "Hello both", updatedAt: 500 },
        "stream:12": { topic: "news", content: "Big news", updatedAt: 100 },
        all: { topic: "", content: "Somewhere", updatedAt: 200 },
      },
      lookups,
    );
    expect(rows.map((row) => [row.destination, row.content])).toEqual([
      ["To: Iago, Othello", "Hello both"],
      ["#general > Lunch Plans", "Pizza?"],
      ["All messages", "Somewhere"],
      ["#general > news", "Big news"],
    ]);
    expect(rows[0]?.narrow).toEqual(dmNarrow([8, 9]));
    // The topic as the draft wrote it, in the narrow whose key it is stored under.
    expect(rows[1]?.narrow).toEqual(topicNarrow(12, "general", "Lunch Plans"));
    expect(rows[3]?.narrow).toEqual(streamNarrow(12, "general"));
  });

  it("keeps a draft under a key it cannot read, without a narrow, so it can be deleted", () => {
    const rows = draftRows(
      {
        "topic:x:y": { topic: "", content: "odd", updatedAt: 1 },
        "dm:": { topic: "", content: "odder", updatedAt: 2 },
        "scheduled:3": { topic: "", content: "oddest", updatedAt: 3 },
      },
      lookups,
    );
    expect(rows.map((row) => [row.key, row.narrow, row.destination])).toEqual([
      ["scheduled:3", undefined, "Unknown destination"],
      ["dm:", undefined, "Unknown destination"],
      ["topic:x:y", undefined, "Unknown destination"],
    ]);
  });

  it("is empty without drafts", () => {
    expect(draftRows({}, lookups)).toEqual([]);
  });
});
