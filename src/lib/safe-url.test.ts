// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isInternalLink, resolveUrl, safeImageUrl, safeLinkUrl } from "./safe-url";

const DEFAULT = "/static/default-avatar.png";
const origin = () => window.location.origin;

describe("safeImageUrl", () => {
  it.each([
    ["https://cdn.example/a.png", "https://cdn.example/a.png"],
    ["http://cdn.example/a.png", "http://cdn.example/a.png"],
    ["/avatar/11", "/avatar/11"],
    ["user_avatars/1/a.png", "/user_avatars/1/a.png"],
  ])("keeps %j", (url, path) => {
    const expected = path.startsWith("/") ? `${origin()}${path}` : path;
    expect(safeImageUrl(url, DEFAULT)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " java\tscript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "vbscript:msgbox(1)",
    "blob:https://example.com/1",
    "file:///etc/passwd",
    "",
    "   ",
    "http://[bad",
  ])("replaces %j by the default", (url) => {
    expect(safeImageUrl(url, DEFAULT)).toBe(DEFAULT);
  });

  it("replaces a missing URL by the default", () => {
    expect(safeImageUrl(null, DEFAULT)).toBe(DEFAULT);
    expect(safeImageUrl(undefined, DEFAULT)).toBe(DEFAULT);
  });
});

describe("safeLinkUrl", () => {
  it.each([
    "https://example.com/x?y=1",
    "mailto:a@b.c",
    "tel:+1234",
    "ftp://example.com/f",
    "xmpp:a@b.c",
  ])("keeps %j", (url) => {
    expect(safeLinkUrl(url)).toBe(new URL(url).href);
  });

  it.each([
    "javascript:alert(1)",
    "javascript%3Aalert%281%29",
    "JAVASCRIPT:alert(1)",
    "\u0000javascript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "",
    null,
    undefined,
  ])("refuses %j", (url) => {
    // "javascript%3A…" has no scheme: it is a harmless relative path, so only check the rest.
    const result = safeLinkUrl(url);
    if (url === "javascript%3Aalert%281%29") expect(result?.startsWith(origin())).toBe(true);
    else expect(result).toBeUndefined();
  });
});

describe("isInternalLink", () => {
  const internal = (href: string) => {
    const url = resolveUrl(href);
    return url !== undefined && isInternalLink(href, url);
  };

  it("accepts only #narrow/ hashes and /user_uploads/ paths", () => {
    expect(internal("#narrow/stream/12-general")).toBe(true);
    expect(internal("/user_uploads/1/ab/x.png")).toBe(true);
    expect(internal("/user_uploads/../api/v1/users/me/api_key/regenerate")).toBe(false);
    expect(internal("/user_uploads/%2e%2e/api")).toBe(false);
    expect(internal("//evil.example/user_uploads/1")).toBe(false);
    expect(internal(`${origin()}/api/v1/users/me`)).toBe(false);
    expect(internal("/api/v1/users/me")).toBe(false);
    expect(internal("#settings")).toBe(false);
  });
});
