import { describe, expect, it } from "vitest";
import {
  emojiOptions,
  emojiText,
  mentionOptions,
  streamOptions,
  topicOptions,
  type MentionGroup,
  type MentionUser,
} from "./suggestions";

const users: MentionUser[] = [
  { user_id: 10, full_name: "Iago", email: "iago@parley.test" },
  { user_id: 11, full_name: "King Hamlet", email: "hamlet@parley.test" },
  { user_id: 12, full_name: "Horatio", email: "horatio@parley.test", is_active: false },
  { user_id: 13, full_name: "Viola", email: "viola@parley.test" },
  { user_id: 14, full_name: "Viola", email: "viola2@parley.test" },
];
const groups: MentionGroup[] = [
  { id: 1, name: "hamlet-fans", description: "", is_system_group: false },
  { id: 2, name: "role:everyone", description: "Everyone", is_system_group: true },
];

describe("mention options", () => {
  it("inserts a user's full name, and a group's name, as mention syntax", () => {
    const options = mentionOptions("ham", false, users, groups);
    expect(options.map((option) => option.insert)).toEqual(["@*hamlet-fans*", "@**King Hamlet**"]);
    expect(options[1]).toMatchObject({ label: "King Hamlet", detail: "hamlet@parley.test" });
  });

  it("makes silent mentions with `@_`", () => {
    expect(mentionOptions("king", true, users, groups)[0]?.insert).toBe("@_**King Hamlet**");
    expect(mentionOptions("hamlet-f", true, users, groups)[0]?.insert).toBe("@_*hamlet-fans*");
  });

  it("adds the id when two people share a name, and leaves out the deactivated and system groups", () => {
    expect(mentionOptions("viola", false, users, groups).map((option) => option.insert)).toEqual([
      "@**Viola|13**",
      "@**Viola|14**",
    ]);
    expect(mentionOptions("hor", false, users, groups)).toEqual([]);
    expect(mentionOptions("role", false, users, groups)).toEqual([]);
  });

  it("matches by email too", () => {
    expect(mentionOptions("hamlet@", false, users, [])[0]?.label).toBe("King Hamlet");
  });
});

describe("stream and topic options", () => {
  const streams = [
    { stream_id: 1, name: "general", invite_only: false },
    { stream_id: 2, name: "design team", invite_only: true },
    { stream_id: 3, name: "engineering", invite_only: false },
  ];

  it("inserts `#**stream**`, marking private streams", () => {
    expect(streamOptions("gen", streams)).toEqual([
      {
        key: "stream:1",
        label: "general",
        detail: null,
        insert: "#**general**",
        icon: { kind: "stream", isPrivate: false },
      },
    ]);
    expect(streamOptions("team", streams)[0]?.icon).toEqual({ kind: "stream", isPrivate: true });
  });

  it("inserts `#**stream>topic**`, newest topics first on ties", () => {
    const topics = [{ name: "lunch plans" }, { name: "launch" }, { name: "retro" }];
    expect(topicOptions("l", "general", topics).map((option) => option.insert)).toEqual([
      "#**general>lunch plans**",
      "#**general>launch**",
    ]);
  });
});

describe("emoji options", () => {
  const unicode: [string, ...string[]][] = [
    ["1f642", "smile", "slight_smile"],
    ["1f604", "big_smile"],
    ["1f44d", "+1", "thumbs_up", "like"],
    ["1f389", "tada"],
  ];
  const custom = [
    { id: "1", name: "parley", source_url: "/emoji/parley.png", deactivated: false },
    { id: "2", name: "tada", source_url: "/emoji/tada.png", deactivated: false },
    { id: "3", name: "smiley_old", source_url: "/emoji/old.png", deactivated: true },
  ];

  it("inserts `:name:` by canonical name, matching aliases too", () => {
    expect(emojiOptions("smi", custom, unicode).map((option) => option.insert)).toEqual([
      ":smile:",
      ":big_smile:",
    ]);
    expect(emojiOptions("thumbs", custom, unicode)[0]).toMatchObject({
      insert: ":+1:",
      icon: { kind: "unicode", code: "1f44d", text: "👍" },
    });
  });

  it("offers active custom emoji, which hide the Unicode emoji of the same name", () => {
    const tada = emojiOptions("tada", custom, unicode);
    expect(tada).toHaveLength(1);
    expect(tada[0]).toMatchObject({
      key: "custom:2",
      icon: { kind: "image", url: "/emoji/tada.png" },
    });
    expect(emojiOptions("smiley", custom, unicode)).toEqual([]);
  });

  it("turns code points into text, and bad codes into nothing", () => {
    expect(emojiText("1f468-200d-1f469")).toBe("👨‍👩");
    expect(emojiText("zz")).toBe("");
    expect(emojiText("110000")).toBe("");
  });
});
