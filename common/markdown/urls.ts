/**
 * URL handling shared by links, autolinks, linkifiers and topic links: Zulip's scheme allowlist
 * (`sanitize_url`) and its bare-URL recogniser (`get_web_link_regex`), written as a linear scanner.
 */

/** Zulip's `allowed_schemes` for links in messages (`sanitize_url`); the sanitiser also drops `file`. */
export const ALLOWED_SCHEMES: ReadonlySet<string> = new Set([
  "http",
  "https",
  "ftp",
  "file",
  "bitcoin",
  "geo",
  "im",
  "irc",
  "ircs",
  "magnet",
  "mailto",
  "matrix",
  "mms",
  "news",
  "nntp",
  "openpgp4fpr",
  "sip",
  "sms",
  "smsto",
  "ssh",
  "tel",
  "urn",
  "webcal",
  "wtai",
  "xmpp",
]);

const SCHEME_RE = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * Zulip's `sanitize_url`: an allowed scheme is kept, no scheme becomes `http://`, `/path` and
 * `#frag` stay relative (`//host` is external: `http:` is added); anything else is `null`.
 */
export function sanitizeUrl(raw: string): string | null {
  // Browsers ignore tabs and newlines anywhere and C0/space at the ends: so do we.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
  const url = raw.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (url === "") return null;
  if (url.startsWith("#")) return url;
  if (url.startsWith("//")) return `http:${url}`;
  if (url.startsWith("/")) return url;
  const scheme = SCHEME_RE.exec(url);
  if (scheme) {
    const name = (scheme[1] ?? "").toLowerCase();
    return ALLOWED_SCHEMES.has(name) ? url : null;
  }
  // eslint-disable-next-line no-control-regex -- reject other control characters outright
  if (/[\u0000-\u001f\u007f]/.test(url)) return null;
  const colon = url.indexOf(":");
  const delimiter = url.search(/[/?#]/);
  if (colon >= 0 && (delimiter < 0 || colon < delimiter)) return null;
  return `http://${url}`;
}

/** Rewrites an absolute link into the organisation's `#narrow/…` as a relative one. */
export function rewriteLocalLink(url: string, realmUrl: string | undefined): string {
  if (realmUrl === undefined || realmUrl === "") return url;
  const base = realmUrl.endsWith("/") ? realmUrl : `${realmUrl}/`;
  if (url.startsWith(base) && url.slice(base.length).startsWith("#narrow")) {
    return url.slice(base.length);
  }
  return url;
}

// Zulip's list of TLDs is IANA's (minus file-extension look-alikes); this is the common part.
const TLDS: ReadonlySet<string> = new Set(
  (
    "com org net edu gov mil int info biz name pro aero coop museum mobi asia tel travel jobs cat " +
    "io co ai app dev gd gl ly me tv cc us uk ca de fr es it nl be ch at se no dk fi pl cz ru ua " +
    "jp cn kr in au nz br ar mx za eu ie pt gr hu ro sk si hr lt lv ee is tr il sg hk tw id my ph " +
    "th vn pk ng ke eg ma sa ae ir ac ws to fm im sh so la gg je xyz online site tech store blog " +
    "cloud news page link live wiki zone top club chat zulip"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}_]/u;
const TRAILING = "!:;?),.'\">";
const BEFORE_OK = "'\"(,:<";
const MAX_PAREN_DEPTH = 7;

/** Whether a bare URL may start after `previous` ("" = start of text). */
export function urlMayStartAfter(previous: string): boolean {
  return previous === "" || /\s/.test(previous) || BEFORE_OK.includes(previous);
}

function isWordChar(c: string): boolean {
  return WORD.test(c);
}

/** Per-text cache of the current whitespace-delimited token, so every scan stays linear. */
export interface WebLinkMemo {
  tokenEnd: number;
  /** Index of the token's last character that is not trailing punctuation (-1 if none). */
  lastSolid: number;
}

/** A fresh memo for one text. */
export function webLinkMemo(): WebLinkMemo {
  return { tokenEnd: -1, lastSolid: -1 };
}

function tokenAt(text: string, i: number, memo: WebLinkMemo): void {
  if (i < memo.tokenEnd) return;
  let end = i;
  while (end < text.length && !/\s/.test(text.charAt(end))) end++;
  let solid = end - 1;
  while (solid >= i && TRAILING.includes(text.charAt(solid))) solid--;
  memo.tokenEnd = end;
  memo.lastSolid = solid;
}

/**
 * Where a bare URL starting at `i` ends (Zulip's web-link rules), or -1. `after` is the
 * character after the text ("" = end of the message).
 */
export function matchWebLink(text: string, i: number, after: string, memo: WebLinkMemo): number {
  tokenAt(text, i, memo);
  if (memo.tokenEnd === text.length && after !== "" && !/\s/.test(after)) return -1;
  const tail = (end: number): boolean => end > memo.lastSolid;
  const email = matchEmail(text, i, tail);
  if (email > 0) return email;
  const hostEnd = matchHost(text, i, memo.tokenEnd, tail);
  if (hostEnd < 0) return -1;
  return matchPath(text, hostEnd, memo.tokenEnd, tail);
}

function runEnd(text: string, i: number, limit: number, allowed: (c: string) => boolean): number {
  let j = i;
  while (j < limit && allowed(text.charAt(j))) j++;
  return j;
}

const isDomainChar = (c: string): boolean => isWordChar(c) || c === "." || c === "-";

function matchEmail(text: string, i: number, tail: (end: number) => boolean): number {
  const at = runEnd(text, i, text.length, isDomainChar);
  if (at === i || text.charAt(at) !== "@") return -1;
  let end = runEnd(text, at + 1, text.length, isDomainChar);
  while (end > at + 1 && text.charAt(end - 1) === ".") end--;
  const domain = text.slice(at + 1, end);
  const dot = domain.lastIndexOf(".");
  if (dot <= 0 || !/^[\p{L}\p{N}_]+$/u.test(domain.slice(dot + 1))) return -1;
  return tail(end) ? end : -1;
}

/** End of the host part (scheme + authority, or a bare domain ending in a TLD), or -1. */
function matchHost(
  text: string,
  i: number,
  tokenEnd: number,
  tail: (e: number) => boolean,
): number {
  const scheme = /^https?:\/\//i.exec(text.slice(i, i + 8));
  if (scheme) {
    const start = i + scheme[0].length;
    const end = runEnd(text, start, tokenEnd, (c) => isWordChar(c) || ".:@-".includes(c));
    if (end === start) return -1;
    // The host is lazy: it stops before trailing punctuation that ends the token.
    let shortest = start + 1;
    while (shortest < end && !tail(shortest)) shortest++;
    return shortest < end ? shortest : end;
  }
  const n = runEnd(text, i, tokenEnd, (c) => isWordChar(c) || c === "-" || c === ".");
  const host = text.slice(i, n);
  if (host.startsWith(".") || host.includes("..")) return -1;
  let end = host.length;
  while (end > 0) {
    const dot = host.lastIndexOf(".", end - 1);
    if (dot <= 0) return -1;
    const tld = host.slice(dot + 1, end).toLowerCase();
    const absolute = i + end;
    if (tld !== "" && TLDS.has(tld) && (text.charAt(absolute) === "/" || tail(absolute))) {
      return absolute;
    }
    end = dot;
  }
  return -1;
}

/** Path (up to 7 levels of balanced parentheses), then trailing punctuation only. */
function matchPath(
  text: string,
  hostEnd: number,
  tokenEnd: number,
  tail: (e: number) => boolean,
): number {
  if (text.charAt(hostEnd) !== "/" || hostEnd >= tokenEnd) return tail(hostEnd) ? hostEnd : -1;
  let depth = 0;
  for (let k = hostEnd + 1; k <= tokenEnd; k++) {
    if (depth === 0 && tail(k)) return k;
    if (k === tokenEnd) break;
    const c = text.charAt(k);
    if (c === '"') break;
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if (depth < 0 || depth > MAX_PAREN_DEPTH) break;
  }
  return -1;
}

/** The `href` Zulip gives a bare URL: `mailto:` for e-mail, `http://` when there is no scheme. */
export function webLinkHref(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.includes("@") && !url.includes("/")) return `mailto:${url}`;
  return `http://${url}`;
}

/** Image sources we emit: http(s) URLs or same-origin paths (not `//host`). */
export function isSafeImageUrl(url: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) || /^\/(?!\/)[^\s"'<>\\]*$/.test(url);
}
