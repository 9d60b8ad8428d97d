import { describe, expect, it } from "vitest";
import { applyCompletion, findTrigger, triggerKey } from "./trigger";

/** The trigger with the caret at the end of `text`. */
function at(text: string) {
  return findTrigger(text, text.length);
}

describe("findTrigger", () => {
  it("finds mentions, silent mentions and half-typed mention syntax", () => {
    expect(at("hi @ham")).toEqual({ kind: "mention", silent: false, query: "ham", start: 3 });
    expect(at("@")).toEqual({ kind: "mention", silent: false, query: "", start: 0 });
    expect(at("cc @_kin")).toEqual({ kind: "mention", silent: true, query: "kin", start: 3 });
    expect(at("@**King Ha")).toEqual({
      kind: "mention",
      silent: false,
      query: "King Ha",
      start: 0,
    });
    expect(at("(@oth")).toMatchObject({ kind: "mention", query: "oth", start: 1 });
  });

  it("finds stream links, and topic links after `>`", () => {
    expect(at("see #gen")).toEqual({ kind: "stream", query: "gen", start: 4 });
    expect(at("#**design te")).toEqual({ kind: "stream", query: "design te", start: 0 });
    expect(at("see #**general>lu")).toEqual({
      kind: "topic",
      streamName: "general",
      query: "lu",
      start: 4,
    });
    expect(at("#general>")).toMatchObject({ kind: "topic", streamName: "general", query: "" });
  });

  it("finds emoji after two characters of a name", () => {
    expect(at("nice :smi")).toEqual({ kind: "emoji", query: "smi", start: 5 });
    expect(at(":+1")).toEqual({ kind: "emoji", query: "+1", start: 0 });
    expect(at("nice :s")).toBeNull();
  });

  it("leaves ordinary text alone", () => {
    for (const text of [
      "mail a@b.c",
      "at 10:30",
      "issue#4",
      "# Heading",
      "@ someone",
      "@**King Hamlet** hello",
      "#**general** and more",
      ":smile: ok",
      "line one\n",
      "",
    ]) {
      expect(at(text), text).toBeNull();
    }
  });

  it("reads only the text before the caret, and the nearest trigger wins", () => {
    expect(findTrigger("@ham and more", 4)).toMatchObject({ kind: "mention", query: "ham" });
    expect(at("@King #gen")).toMatchObject({ kind: "stream", query: "gen" });
    expect(at("#general :smi")).toMatchObject({ kind: "emoji", query: "smi" });
  });
});

describe("applyCompletion", () => {
  it("replaces the trigger with the insertion and a space, caret after it", () => {
    const text = "hi @ham";
    const trigger = findTrigger(text, text.length)!;
    expect(applyCompletion(text, text.length, trigger, "@**King Hamlet**")).toEqual({
      text: "hi @**King Hamlet** ",
      caret: 20,
    });
  });

  it("keeps the text after the caret and doesn't double a following space", () => {
    const text = "say :smi to all";
    const trigger = findTrigger(text, 8)!;
    const done = applyCompletion(text, 8, trigger, ":smile:");
    expect(done.text).toBe("say :smile: to all");
    expect(done.text.slice(0, done.caret)).toBe("say :smile: ");
  });

  it("names each trigger by place and query, so a dismissal lasts until the query changes", () => {
    expect(triggerKey(at("@ham")!)).not.toBe(triggerKey(at("@hamx")!));
    expect(triggerKey(at("#a>b")!)).toBe("topic:0:a>b");
  });
});
