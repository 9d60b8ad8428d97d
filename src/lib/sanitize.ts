// The only importer of DOMPurify (enforced by ESLint). One fixed configuration; widening it
// (ADD_TAGS, CUSTOM_ELEMENT_HANDLING, IN_PLACE, SAFE_FOR_TEMPLATES...) reopens known bypass
// classes. Every piece of HTML goes through `sanitizeHtml` once, just before it is set as inner
// HTML; nothing edits the string afterwards.
import DOMPurify, { type Config } from "dompurify";
import { ALLOWED_LINK_PROTOCOLS, isInternalLink, isSafeImageUrl, resolveUrl } from "./safe-url";

/**
 * The `data-` attributes the renderer emits (mentions, stream links, code blocks, previews);
 * any other `data-` attribute is dropped, so a hostile server cannot feed the app's own
 * post-processing selectors.
 */
const DATA_ATTRIBUTES = [
  "data-user-id",
  "data-user-group-id",
  "data-stream-id",
  "data-message-id",
  "data-code-language",
  "data-id",
  "data-original-dimensions",
  "data-original-content-type",
  "data-animated",
  // A preview's full-size image (the lightbox reads it, and takes only a same-origin path).
  "data-src-fullsize",
] as const;

/** DOMPurify's own URI check, narrowed to the link allowlist (plus relative URLs). */
const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${[...ALLOWED_LINK_PROTOCOLS].map((protocol) => protocol.slice(0, -1)).join("|")}):` +
    String.raw`|[^a-z]|[a-z+.\-]+(?:[^a-z+.\-:]|$))`,
  "i",
);

const CONFIG = {
  // MathML for KaTeX's accessible half (screen readers read it; it is hidden on screen).
  USE_PROFILES: { html: true, mathMl: true },
  // KaTeX wraps its MathML in <semantics> with the TeX in <annotation>. Neither is an HTML
  // integration point (<annotation-xml> is, and stays forbidden), so both are plain containers.
  ADD_TAGS: ["semantics", "annotation"],
  FORBID_TAGS: [
    "style",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "template",
    "dialog",
    "selectedcontent",
  ],
  // `srcset` and `ping` carry URLs the hook cannot check one by one: images load from `src`.
  FORBID_ATTR: ["srcset", "ping"],
  ADD_ATTR: [...DATA_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP,
  SANITIZE_NAMED_PROPS: true,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

/**
 * One declaration of the inline styles KaTeX writes: sizes and offsets in em (at most 20, so a
 * message cannot move text over the rest of the page), `position: relative`, and colours
 * (`\\textcolor`). Any other `style` is dropped whole: no fixed positioning, no URLs, no overlays.
 */
const KATEX_DECLARATION = new RegExp(
  String.raw`^\s*(?:(?:height|depth|vertical-align|top|bottom|left|right|width|min-width|max-width|` +
    String.raw`margin-(?:left|right|top|bottom)|padding-(?:left|right|top|bottom)|` +
    String.raw`border-(?:top|bottom|left|right)-width)\s*:\s*-?(?:1?\d|20)?(?:\.\d+)?(?:em|ex)?` +
    String.raw`|position\s*:\s*relative|(?:color|border-color|background-color)\s*:\s*(?:#[0-9a-f]{3,8}|[a-z]{3,20}))\s*$`,
  "i",
);

/** Whether a `style` attribute holds only declarations KaTeX writes (see above). */
export function isKatexStyle(style: string): boolean {
  const declarations = style.split(";").filter((part) => part.trim() !== "");
  return declarations.length > 0 && declarations.every((part) => KATEX_DECLARATION.test(part));
}

/** Attributes from which the browser loads a resource: http(s) (any origin) only. */
const RESOURCE_ATTRIBUTES = ["src", "poster", "background"] as const;

function fixLink(element: Element, href: string): void {
  const url = resolveUrl(href);
  if (url === undefined || !ALLOWED_LINK_PROTOCOLS.has(url.protocol)) {
    element.removeAttribute("href");
    element.removeAttribute("target");
    return;
  }
  if (isInternalLink(href, url)) {
    element.removeAttribute("target");
    return;
  }
  // Everything else, same-origin paths included, is external: a new tab, no opener, no referrer.
  element.setAttribute("target", "_blank");
  element.setAttribute("rel", "noopener noreferrer");
}

function fixResources(element: Element): void {
  if (element.nodeName === "IMG" && !element.hasAttribute("src")) {
    element.remove();
    return;
  }
  for (const name of RESOURCE_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    const url = resolveUrl(value);
    if (url !== undefined && isSafeImageUrl(url)) continue;
    if (element.nodeName === "IMG") {
      element.remove();
      return;
    }
    element.removeAttribute(name);
  }
}

function fixCite(element: Element): void {
  const cite = element.getAttribute("cite");
  if (cite === null) return;
  const url = resolveUrl(cite);
  if (url === undefined || !ALLOWED_LINK_PROTOCOLS.has(url.protocol)) {
    element.removeAttribute("cite");
  }
}

function fixStyle(element: Element): void {
  const style = element.getAttribute("style");
  if (style !== null && !isKatexStyle(style)) element.removeAttribute("style");
}

// Registered once at module load: `sanitize` is not re-entrant and hooks are global state.
// The hook only edits the tree DOMPurify is walking; it never calls `sanitize`. Styles are
// checked here, after DOMPurify's own attribute checks, rather than in an
// `uponSanitizeAttribute` hook: with such a hook DOMPurify copies its whole attribute allowlist
// (hundreds of entries) on every call, garbage that a fast scroll through new messages pays for
// in collector pauses.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (!(node instanceof Element)) return;
  fixStyle(node);
  const href = node.getAttribute("href");
  if (href !== null) fixLink(node, href);
  fixCite(node);
  fixResources(node);
});

// The configuration is parsed once, here, instead of on every call (parsing it cost a third of
// sanitising a typical message). `sanitize` is then called without a configuration.
if (DOMPurify.isSupported) DOMPurify.setConfig(CONFIG);

/**
 * Returns HTML safe to insert into the page: no script, no forms or styles, links only with an
 * allowed scheme (external ones, i.e. all but `#narrow/…` and `/user_uploads/…`, open in a new
 * tab with `rel="noopener noreferrer"`), images only from http(s), `id`/`name` prefixed against
 * DOM clobbering. Fails closed (returns "") where DOMPurify cannot run.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return "";
  return DOMPurify.sanitize(copyOf(html));
}

/**
 * The same text in a string of its own. A string handed to the DOM (DOMPurify parses its input
 * with `DOMParser`) is turned by Chrome into an external string, shared with Blink, for as
 * long as it lives, and every full collection visits it in V8's external string table. Given a
 * copy, the message store's strings stay ordinary and the copy dies young: after 30,000
 * messages scrolled in the chat-views bench page, 4,764 external strings instead of 32,095.
 */
function copyOf(text: string): string {
  // Flattening the concatenation makes a new string; slicing it leaves the original alone.
  return ` ${text}`.slice(1);
}
