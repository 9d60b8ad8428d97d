// The only importer of DOMPurify (enforced by ESLint). One fixed configuration; widening it
// (ADD_TAGS, CUSTOM_ELEMENT_HANDLING, IN_PLACE...) reopens known bypass classes.
import DOMPurify, { type Config } from "dompurify";

const CONFIG = {
  USE_PROFILES: { html: true },
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
  SANITIZE_NAMED_PROPS: true,
  ALLOW_DATA_ATTR: true,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);

function pageUrl(): string {
  return window.location.href;
}

function resolve(url: string): URL | undefined {
  try {
    return new URL(url, pageUrl());
  } catch {
    return undefined;
  }
}

function fixLink(element: Element): void {
  const href = element.getAttribute("href");
  if (href === null) return;
  const url = resolve(href);
  if (url === undefined || !LINK_PROTOCOLS.has(url.protocol)) {
    element.removeAttribute("href");
    return;
  }
  const isExternal =
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.origin !== window.location.origin;
  if (isExternal) {
    element.setAttribute("target", "_blank");
    element.setAttribute("rel", "noopener noreferrer");
  }
}

function isAllowedImage(element: Element): boolean {
  const src = element.getAttribute("src");
  if (src === null) return false;
  const url = resolve(src);
  return (
    url !== undefined &&
    (IMAGE_PROTOCOLS.has(url.protocol) || url.origin === window.location.origin)
  );
}

// Registered once at module load: `sanitize` is not re-entrant and hooks are global state.
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName === "A") fixLink(node);
  else if (node.nodeName === "IMG" && !isAllowedImage(node)) node.remove();
});

/**
 * Returns HTML safe to insert into the page: no script, no forms, links with a safe scheme
 * (external ones open in a new tab without an opener), images only from http(s).
 * Fails closed (returns "") where DOMPurify cannot run.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return "";
  return DOMPurify.sanitize(html, CONFIG);
}
