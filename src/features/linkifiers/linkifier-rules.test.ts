import { describe, expect, it } from "vitest";
import {
  checkRenderablePattern,
  isValidLinkifier,
  tryLinkifier,
  validateLinkifier,
} from "./linkifier-rules";

// The server's rules, which the form applies first, are tested in
// common/markdown/linkifier-rules.test.ts; here, what the form adds to them.

describe("checkRenderablePattern", () => {
  it("refuses what the server takes but the renderer would skip in every message", () => {
    // The renderer runs at most 64 counted repeats and 500 characters (markdown/linkifiers.ts).
    expect(checkRenderablePattern("x{100}")).toEqual({
      error: "Bad regular expression: too long or too repetitive for messages",
    });
    expect(checkRenderablePattern("a".repeat(600))).toEqual({
      error: "Bad regular expression: too long or too repetitive for messages",
    });
    expect(checkRenderablePattern("x{64}")).toEqual({ groups: [] });
  });

  it("gives the server's error first, in its words", () => {
    expect(checkRenderablePattern("(a{11}){10}")).toEqual({
      error: "Bad regular expression: repetition counts too large (at most 100 in total)",
    });
    expect(checkRenderablePattern("#(?P<id>[0-9]+)")).toEqual({ groups: ["id"] });
  });
});

describe("validateLinkifier", () => {
  it("is empty for a draft the server accepts", () => {
    const errors = validateLinkifier("PAR-(?P<id>[0-9]+)", "https://t.example/{id}");
    expect(errors).toEqual({});
    expect(isValidLinkifier(errors)).toBe(true);
  });

  it("puts each error beside its field", () => {
    expect(validateLinkifier("PAR-(?P<id>[0-9]+", "https://t.example/{id}")).toEqual({
      pattern: "Bad regular expression: missing closing ): `PAR-(?P<id>[0-9]+`",
    });
    expect(validateLinkifier("PAR-(?P<id>[0-9]+)", "https://t.example/{num}")).toEqual({
      url_template: "Group 'num' in URL template is not present in linkifier pattern.",
    });
    const both = validateLinkifier("", "");
    expect(both).toEqual({
      pattern: "This field cannot be blank.",
      url_template: "This field cannot be blank.",
    });
    expect(isValidLinkifier(both)).toBe(false);
  });

  it("refuses a pattern only the renderer would skip", () => {
    expect(validateLinkifier("x{100}", "https://t.example/")).toEqual({
      pattern: "Bad regular expression: too long or too repetitive for messages",
    });
  });
});

describe("tryLinkifier", () => {
  const pattern = "PAR-(?P<id>[0-9]+)";
  const template = "https://t.example/issues/{id}";

  it("lists the links a draft makes, by the renderer's word rules", () => {
    expect(tryLinkifier("See PAR-12 and (PAR-7), not xPAR-3 or PAR-4a", pattern, template)).toEqual(
      [
        { text: "PAR-12", url: "https://t.example/issues/12" },
        { text: "PAR-7", url: "https://t.example/issues/7" },
      ],
    );
  });

  it("leaves out bare URLs, which are linked anyway", () => {
    expect(tryLinkifier("PAR-1 https://example.com/x", pattern, template)).toEqual([
      { text: "PAR-1", url: "https://t.example/issues/1" },
    ]);
    expect(tryLinkifier("nothing here", pattern, template)).toEqual([]);
  });
});
