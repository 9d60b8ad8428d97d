import { ALLOWED_SCHEMES } from "../../common/markdown/urls";
// URL checks shared by the sanitiser (links and images inside message HTML) and the views
// (avatars, emoji images and topic links rendered by React, which escapes text but not URLs).

/**
 * Schemes a link may use: Zulip's `allowed_schemes` (markdown `sanitize_url`) minus `file`,
 * with the trailing colon as `URL.protocol` spells them.
 */
export const ALLOWED_LINK_PROTOCOLS: ReadonlySet<string> = new Set(
  [...ALLOWED_SCHEMES].filter((scheme) => scheme !== "file").map((scheme) => `${scheme}:`),
);

const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:"]);

/** The page's URL, against which relative URLs resolve. */
function pageUrl(): URL {
  return new URL(window.location.href);
}

/**
 * Parses `url` the way the browser will (relative to the page), or undefined when it is not a
 * URL. The WHATWG parser drops tabs and newlines and trims spaces and controls, so
 * `java\tscript:` and ` javascript:` come out as `javascript:` here too.
 */
export function resolveUrl(url: string): URL | undefined {
  if (url.trim() === "") return undefined;
  try {
    return new URL(url, pageUrl());
  } catch {
    return undefined;
  }
}

/** True when `url` resolved to the page's own origin. */
function isSameOrigin(url: URL): boolean {
  return url.origin === pageUrl().origin;
}

/** True when an image may load from `url`: http(s) (which includes the page's own origin). */
export function isSafeImageUrl(url: URL): boolean {
  return IMAGE_PROTOCOLS.has(url.protocol);
}

/**
 * The URL to load an avatar or emoji image from: `url` (normalised) when it is http(s) or a
 * same-origin path, else `fallback` (a default image). Never `javascript:`, `data:`, `blob:`…
 */
export function safeImageUrl(url: string | null | undefined, fallback: string): string {
  if (url === null || url === undefined) return fallback;
  const parsed = resolveUrl(url);
  return parsed !== undefined && isSafeImageUrl(parsed) ? parsed.href : fallback;
}

/**
 * The URL for a link built from untrusted data (a topic link, a linkifier expansion): `url`
 * (normalised) when its scheme is on the allowlist, else undefined (render plain text).
 */
export function safeLinkUrl(url: string | null | undefined): string | undefined {
  if (url === null || url === undefined) return undefined;
  const parsed = resolveUrl(url);
  return parsed !== undefined && ALLOWED_LINK_PROTOCOLS.has(parsed.protocol)
    ? parsed.href
    : undefined;
}

/**
 * True for the only link shapes the app treats as internal (navigates in place): a
 * `#narrow/…` hash, or a same-origin `/user_uploads/…` path whose resolved path is still under
 * `/user_uploads/` (no `..` escape). Anything else, same-origin or not, is external.
 */
export function isInternalLink(href: string, url: URL): boolean {
  const raw = href.trim();
  if (raw.startsWith("#narrow/")) return true;
  return (
    raw.startsWith("/user_uploads/") &&
    !raw.startsWith("//") &&
    isSameOrigin(url) &&
    url.pathname.startsWith("/user_uploads/")
  );
}
