import { expect, it } from "vitest";
import { hmacSha1Hex, utf8Hex } from "./hmac-sha1";

it("computes HMAC-SHA1 as RFC 2202 and Zulip's camo do", () => {
  expect(hmacSha1Hex("\u000b".repeat(20), "Hi There")).toBe(
    "b617318655057264e28bc0b6fb378c8ef146be00",
  );
  expect(hmacSha1Hex("Jefe", "what do ya want for nothing?")).toBe(
    "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
  );
  // A key longer than a block is hashed first; the message spans two blocks, in UTF-8.
  expect(hmacSha1Hex("k".repeat(100), "é".repeat(70))).toBe(
    "b0f849fa8c5d9eb5c108c1eb3a81b54adba80b65",
  );
  expect(utf8Hex("é/")).toBe("c3a92f");
});
