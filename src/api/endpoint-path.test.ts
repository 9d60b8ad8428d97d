import { describe, expect, it } from "vitest";
import { fillPath } from "./endpoint-path";

describe("fillPath", () => {
  it("fills a template's parameters: integers as they are, strings percent-encoded", () => {
    expect(fillPath("messages/{message_id}/history", { message_id: 42 })).toBe(
      "messages/42/history",
    );
    expect(fillPath("users/{user_id}", { user_id: "zoë+1@parley.test" })).toBe(
      "users/zo%C3%AB%2B1%40parley.test",
    );
    expect(fillPath("realm/emoji/{emoji_name}", { emoji_name: "a/b?c#d" })).toBe(
      "realm/emoji/a%2Fb%3Fc%23d",
    );
    expect(fillPath("server_settings", undefined)).toBe("server_settings");
  });

  it("refuses a value that would name another path or no integer id", () => {
    for (const value of ["", ".", "..", 1.5, Number.NaN, 2 ** 53]) {
      expect(() => fillPath("realm/emoji/{emoji_name}", { emoji_name: value })).toThrow(TypeError);
    }
    expect(() => fillPath("messages/{message_id}", {})).toThrow(TypeError);
  });
});
