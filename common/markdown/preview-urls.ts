/**
 * Which links Zulip previews inline and where a preview loads from: Zulip's `is_image`,
 * `is_video`, `corrected_image_source`, `get_actual_image_url` (zerver/lib/markdown/__init__.py),
 * its `/thumbnail?url=` form for external images (`add_a` with `THUMBNAIL_IMAGES`) and its camo
 * URLs for external videos (zerver/lib/camo.py).
 */
import { hmacSha1Hex, utf8Hex } from "./hmac-sha1";
import type { RenderContext } from "./types";

/** Zulip's `IMAGE_EXTENSIONS`. */
const IMAGE_EXTENSIONS = [".bmp", ".gif", ".jpe", ".jpeg", ".jpg", ".png", ".webp"];

/**
 * The extensions Python's `mimetypes` maps to `video/mp4` or `video/webm` on Zulip's servers
 * (its own table and Debian's /etc/mime.types), the two containers Zulip previews.
 */
const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([".mp4", ".mp4v", ".mpg4", ".webm"]);
/** `mimetypes.encodings_map`: `a.mp4.gz` is still a video to `guess_type`. */
const ENCODING_EXTENSIONS: ReadonlySet<string> = new Set([".gz", ".Z", ".bz2", ".xz", ".br"]);

interface SplitUrl {
  scheme: string;
  netloc: string;
  path: string;
}

/** Python's `urlsplit`, for the three parts the checks read. */
function splitUrl(url: string): SplitUrl {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  let rest = scheme ? url.slice(scheme[0].length) : url;
  let netloc = "";
  if (rest.startsWith("//")) {
    const end = rest.slice(2).search(/[/?#]/);
    netloc = end < 0 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end < 0 ? "" : rest.slice(end + 2);
  }
  const pathEnd = rest.search(/[?#]/);
  return {
    scheme: (scheme?.[1] ?? "").toLowerCase(),
    netloc,
    path: pathEnd < 0 ? rest : rest.slice(0, pathEnd),
  };
}

/** Python's `posixpath.splitext`: the extension of the last path segment ("" if none). */
function splitExtension(path: string): [string, string] {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot > slash) {
    for (let i = slash + 1; i < dot; i++) {
      if (path.charAt(i) !== ".") return [path.slice(0, dot), path.slice(dot)];
    }
  }
  return [path, ""];
}

/** Zulip's `is_image`: the URL's path ends in an image extension (not pasteboard.co pages). */
export function isImageUrl(url: string): boolean {
  const { netloc, path } = splitUrl(url);
  if (netloc === "pasteboard.co") return false;
  const lower = path.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Zulip's `is_video`: `mimetypes.guess_type(url)` is `video/mp4` or `video/webm`. Like Python's,
 * the guess reads the whole URL after the scheme, query included: `a.mp4?x=1` is not a video.
 */
export function isVideoUrl(url: string): boolean {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(url);
  const [base, extension] = splitExtension(scheme ? url.slice(scheme[0].length) : url);
  const type = ENCODING_EXTENSIONS.has(extension) ? splitExtension(base)[1] : extension;
  return VIDEO_EXTENSIONS.has(type.toLowerCase());
}

/** Zulip's `corrected_image_source`: Wikipedia file pages and linx.li pages to the image. */
export function correctedImageSource(url: string): string | null {
  const { netloc, path } = splitUrl(url);
  if (netloc.toLowerCase().endsWith(".wikipedia.org") && path.startsWith("/wiki/File:")) {
    const at = url.indexOf(path);
    const newPath = path.replace("/wiki/File:", "/wiki/Special:FilePath/File:");
    return url.slice(0, at) + newPath + url.slice(at + path.length);
  }
  if (netloc === "linx.li") return `https://linx.li/s${path}`;
  return null;
}

/** Zulip's `get_actual_image_url`: a GitHub `blob` page to its raw file. */
export function actualImageUrl(url: string): string {
  const { netloc, path } = splitUrl(url);
  if (netloc === "github.com" || netloc.endsWith(".github.com")) {
    const parts = path.split("/");
    if (parts.length > 3 && parts[3] === "blob") {
      return `https://raw.githubusercontent.com/${[...parts.slice(1, 3), ...parts.slice(4)].join("/")}`;
    }
  }
  return url;
}

const UPLOAD_PATH_RE = /^\/user_uploads\/\d+\/[^?#\s"'<>\\]+$/;

/**
 * The same-origin path of an uploaded file the URL names (`/user_uploads/{realm}/…`, or the
 * organisation's absolute URL of one), or null. No `.` or `..` segment, even percent-encoded:
 * the path is used as a `src`, and must not reach anything but the uploads.
 */
export function uploadPath(url: string, realmUrl: string | undefined): string | null {
  let path = url;
  if (realmUrl !== undefined && realmUrl !== "") {
    const base = realmUrl.replace(/\/+$/, "");
    if (url.startsWith(`${base}/user_uploads/`)) path = url.slice(base.length);
  }
  if (!UPLOAD_PATH_RE.test(path)) return null;
  const segments = path.split("/").map((s) => s.replace(/%2e/gi, "."));
  return segments.some((s) => s === "." || s === "..") ? null : path;
}

/** An absolute http(s) URL with a host (what a preview may load from another site). */
export function isExternalUrl(url: string): boolean {
  const { scheme, netloc } = splitUrl(url);
  // eslint-disable-next-line no-control-regex -- a URL with control characters is refused
  const controlOrSpace = /[\s\u0000-\u001f]/;
  return (scheme === "http" || scheme === "https") && netloc !== "" && !controlOrSpace.test(url);
}

/** Python's `urlencode` value encoding (`quote_plus`): only `A-Za-z0-9_.-~` stay as they are. */
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** Zulip's `/thumbnail` URL of an image, at `thumbnail` or `full` size. */
export function thumbnailUrl(imageUrl: string, size: "thumbnail" | "full"): string {
  // Zulip strips a leading "/" so that both forms of a relative URL give one thumbnail URL.
  return `/thumbnail?url=${quotePlus(imageUrl.replace(/^\/+/, ""))}&size=${size}`;
}

/**
 * Zulip's `get_camo_url`: `{camo base}{HMAC-SHA1 of the URL}/{the URL in hex}`, or null when
 * the organisation has no camo (Parley then previews no external video: without a proxy the
 * viewer's browser would load it from the other site).
 */
export function camoUrl(url: string, camo: RenderContext["camo"]): string | null {
  if (camo === undefined) return null;
  return `${camo.baseUrl}${hmacSha1Hex(camo.key, url)}/${utf8Hex(url)}`;
}
