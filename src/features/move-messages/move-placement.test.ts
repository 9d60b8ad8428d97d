import { describe, expect, it } from "vitest";
import { defaultPropagateMode } from "./move-placement";

const whole = { ids: [5, 6, 7], found_oldest: true, found_newest: true };

describe("defaultPropagateMode (Zulip's message_placement)", () => {
  it("moves all from the topic's first message, only the last, else it and the later ones", () => {
    expect(defaultPropagateMode(5, whole, 7)).toBe("change_all");
    expect(defaultPropagateMode(7, whole, 7)).toBe("change_one");
    expect(defaultPropagateMode(6, whole, 7)).toBe("change_later");
  });

  it("does not take the first loaded message for the topic's first", () => {
    expect(defaultPropagateMode(5, { ...whole, found_oldest: false }, 7)).toBe("change_later");
  });

  it("without the topic's list, knows only its newest message", () => {
    expect(defaultPropagateMode(7, undefined, 7)).toBe("change_one");
    expect(defaultPropagateMode(6, undefined, 7)).toBe("change_later");
  });
});
