/**
 * Inline image and video previews: Zulip's `InlineInterestingLinkProcessor` (the image and video
 * half; zerver/lib/markdown/__init__.py), run like Zulip's on the finished tree. Every link is
 * found breadth-first; each previewable URL is previewed once (the first found), none inside a
 * quote, none at all past 24; a preview goes after the paragraph its link is in (after that
 * paragraph's earlier previews), at the end of its list item, or else at the end of the message;
 * a paragraph or item that is nothing but the bare URL gives way to its preview.
 */
import type { Budget } from "./budget";
import { escapeAttr } from "./escape";
import {
  attribute,
  elementChildren,
  elementFromHtml,
  insertAtElementIndex,
  leadingText,
  parseHtml,
  removeElement,
  serializeChildren,
  tailText,
  type ElementNode,
} from "./html-tree";
import {
  actualImageUrl,
  camoUrl,
  correctedImageSource,
  isExternalUrl,
  isImageUrl,
  isVideoUrl,
  thumbnailUrl,
  uploadPath,
} from "./preview-urls";
import type { RenderContext } from "./types";

/** Zulip's `INLINE_PREVIEW_LIMIT_PER_MESSAGE`. */
const PREVIEW_LIMIT = 24;
const PREVIEW_CLASSES = ["message_inline_image", "message_inline_ref", "inline-preview-twitter"];

interface FoundLink {
  link: ElementNode;
  parent: ElementNode;
  url: string;
  /** ElementTree's `text` of the link: null when it starts with an element. */
  text: string | null;
  inQuote: boolean;
}

function hasAncestor(element: ElementNode | null, tag: string): boolean {
  for (let e = element; e; e = e.parent) if (e.tag === tag) return true;
  return false;
}

/** Zulip's `walk_tree_with_family` over `<a href>`: breadth-first, with each link's parent. */
function findLinks(root: ElementNode, budget: Budget): FoundLink[] {
  const found: FoundLink[] = [];
  const queue: ElementNode[] = [root];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i];
    if (!current) break;
    for (const child of elementChildren(current)) {
      budget.charge(4);
      queue.push(child);
      const url = child.tag === "a" ? attribute(child, "href") : null;
      if (url === null) continue;
      const text = leadingText(child);
      found.push({
        link: child,
        parent: current,
        url,
        text: text === "" ? null : text,
        inQuote: hasAncestor(current, "blockquote"),
      });
    }
  }
  return found;
}

/** Where a preview goes: Zulip's `get_inlining_information`. */
interface Placement {
  parent: ElementNode;
  title: string | null;
  /** Element index to insert at; null appends. */
  index: number | null;
  remove: ElementNode | null;
}

function placement(root: ElementNode, found: FoundLink): Placement {
  const { parent, link, url, text } = found;
  const urlIsText = text === null || text === url;
  const info: Placement = {
    parent: root,
    title: urlIsText ? null : text,
    index: null,
    remove: null,
  };
  if (parent.tag === "li") {
    info.parent = parent;
    if (leadingText(parent) === "" && tailText(link) === "" && urlIsText) info.remove = link;
  } else if (parent.tag === "p" && parent.parent) {
    const grandparent = parent.parent;
    info.parent = grandparent;
    const parentText = leadingText(parent);
    if (
      elementChildren(parent).length === 1 &&
      (parentText === "" || parentText === "\n") &&
      tailText(link) === "" &&
      urlIsText
    ) {
      info.remove = parent;
    }
    info.index = insertionIndex(grandparent, parent);
  }
  return info;
}

/** Zulip's `find_proper_insertion_index`: after the paragraph and the previews of its links. */
function insertionIndex(grandparent: ElementNode, parent: ElementNode): number {
  const parentLinks = new Set<string>();
  const stack = [parent];
  for (let e = stack.pop(); e; e = stack.pop()) {
    if (e.tag === "a") parentLinks.add(attribute(e, "href") ?? "");
    stack.push(...elementChildren(e));
  }
  const uncles = elementChildren(grandparent);
  let index = uncles.indexOf(parent);
  for (;;) {
    index++;
    const uncle = uncles[index];
    if (!uncle) return index;
    const classes = (attribute(uncle, "class") ?? "").split(/\s+/);
    if (uncle.tag !== "div" || !PREVIEW_CLASSES.some((c) => classes.includes(c))) return index;
    const uncleLink = elementChildren(uncle).find((e) => e.tag === "a");
    if (!uncleLink || !parentLinks.has(attribute(uncleLink, "href") ?? "")) return index;
  }
}

function place(info: Placement, html: string): void {
  const preview = elementFromHtml(html);
  if (!preview) return;
  if (info.index === null) {
    preview.parent = info.parent;
    info.parent.children.push(preview);
  } else {
    insertAtElementIndex(info.parent, info.index, preview);
    // Zulip's paragraphs keep their newline tail even at the end: `</p>\n<div …>`.
    const siblings = info.parent.children;
    const at = siblings.indexOf(preview);
    const before = siblings[at - 1];
    if (before?.kind === "element" && before.tag === "p") {
      siblings.splice(at, 0, { kind: "text", raw: "\n" });
    }
  }
  if (info.remove) removeElement(info.remove);
}

function titleAttr(title: string | null): string {
  return title === null ? "" : ` title="${escapeAttr(title)}"`;
}

/**
 * An upload's `<img>`: Zulip 9's thumbnail markup when the server has one (the original's size
 * and type, `data-animated`, and the thumbnail's URL), else the original itself.
 */
function uploadImg(upload: string, context: RenderContext): string {
  const pathId = upload.slice("/user_uploads/".length);
  const images = context.uploadImages;
  const image = images && Object.hasOwn(images, pathId) ? images[pathId] : undefined;
  if (!image) return `<img src="${escapeAttr(upload)}">`;
  return (
    `<img${image.animated ? ' data-animated="true"' : ""}` +
    ` data-original-dimensions="${image.width}x${image.height}"` +
    ` data-original-content-type="${escapeAttr(image.contentType)}"` +
    ` src="${escapeAttr(`/user_uploads/thumbnail/${pathId}/${image.thumbnail}`)}">`
  );
}

/** Zulip's `handle_image_inlining` and `add_a`; null when Parley would load it from nowhere safe. */
function imagePreview(url: string, title: string | null, context: RenderContext): string | null {
  const image = actualImageUrl(url);
  const upload = uploadPath(image, context.realmUrl);
  let img: string;
  if (upload !== null) img = uploadImg(upload, context);
  else if (isExternalUrl(image)) {
    img =
      `<img src="${escapeAttr(thumbnailUrl(image, "thumbnail"))}"` +
      ` data-src-fullsize="${escapeAttr(thumbnailUrl(image, "full"))}">`;
  } else return null;
  return `<div class="message_inline_image"><a href="${escapeAttr(url)}"${titleAttr(title)}>${img}</a></div>`;
}

/** Zulip's `add_video` and `InlineVideoProcessor` (camo for another site's video). */
function videoPreview(url: string, title: string | null, context: RenderContext): string | null {
  const upload = uploadPath(url, context.realmUrl);
  let video: string;
  if (upload !== null) video = `<video src="${escapeAttr(upload)}" preload="metadata"></video>`;
  else {
    const camo = isExternalUrl(url) ? camoUrl(url, context.camo) : null;
    if (camo === null) return null;
    video =
      `<video src="${escapeAttr(camo)}" preload="metadata"` +
      ` data-video-original-url="${escapeAttr(url)}"></video>`;
  }
  // Zulip sets a video's title only when it is not empty (`if title:`).
  const titled = title === "" ? null : title;
  return (
    `<div class="message_inline_image message_inline_video">` +
    `<a href="${escapeAttr(url)}"${titleAttr(titled)}>${video}</a></div>`
  );
}

function previewOne(root: ElementNode, found: FoundLink, context: RenderContext): void {
  if (isVideoUrl(found.url)) {
    const info = placement(root, found);
    const html = videoPreview(found.url, info.title, context);
    if (html !== null) place(info, html);
    return;
  }
  if (!isImageUrl(found.url)) return;
  const corrected = correctedImageSource(found.url);
  // Zulip previews a corrected source as if it were the link's URL and text.
  const link = corrected === null ? found : { ...found, url: corrected, text: corrected };
  const info = placement(root, link);
  const html = imagePreview(link.url, info.title, context);
  if (html !== null) place(info, html);
}

/**
 * A link whose URL has an image or video extension somewhere (every preview needs one): most
 * messages have none, and skip the tree.
 */
const MAYBE_PREVIEWED = /<a [^>]*href="[^"]*\.(?:bmp|gif|jpe?g?|png|webp|mp4v?|mpg4|webm)/i;

/** Adds Zulip's inline image and video previews to a rendered message's HTML. */
export function addInlinePreviews(html: string, context: RenderContext, budget: Budget): string {
  if (context.noPreviews === true || !MAYBE_PREVIEWED.test(html)) return html;
  budget.charge(html.length);
  const root = parseHtml(html);
  if (!root) return html;
  const found = findLinks(root, budget);
  const previewable = new Set(found.filter((f) => !f.inQuote).map((f) => f.url));
  if (previewable.size === 0 || previewable.size > PREVIEW_LIMIT) return html;
  const done = new Set<string>();
  for (const link of found) {
    if (!previewable.has(link.url) || done.has(link.url)) continue;
    done.add(link.url);
    previewOne(root, link, context);
  }
  return serializeChildren(root);
}
