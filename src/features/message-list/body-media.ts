import type { MouseEvent } from "react";
import { uploadUrls, type UploadUrls } from "../../controllers/upload-urls";
import { resolveUrl } from "../../lib/safe-url";
import type { BodyMedia } from "./body-media-context";
import { prepareFileChip } from "./file-chips";
import { openLightbox } from "./lightbox-store";

/** Extensions Zulip previews inline (images and videos); other uploads show as a file chip. */
const MEDIA_EXTENSION = /\.(?:png|jpe?g|gif|webp|avif|bmp|tiff?|ico|heic|mp4|webm|mov|ogv|m4v)$/i;

/** The same-origin path of `url` when it is an upload's (`/user_uploads/…`), else undefined. */
function uploadPath(url: string | null): string | undefined {
  if (url === null) return undefined;
  const resolved = resolveUrl(url);
  if (resolved === undefined || resolved.origin !== window.location.origin) return undefined;
  const path = resolved.pathname;
  return path.startsWith("/user_uploads/") && !path.startsWith("/user_uploads/temporary/")
    ? path
    : undefined;
}

/** Zulip's thumbnail box: a thumbnail is at most 840×560, never larger than its original. */
const THUMBNAIL_WIDTH = 840;
const THUMBNAIL_HEIGHT = 560;

/**
 * Gives a thumbnail's preview box the size the thumbnail will have, from the original's
 * `data-original-dimensions`, before anything loads: the row's height is final from its first
 * render. The box keeps the image's proportions when the column is narrower (CSS).
 */
function sizeThumbnailBox(img: Element): void {
  const match = /^(\d+)x(\d+)$/.exec(img.getAttribute("data-original-dimensions") ?? "");
  const box = img.closest<HTMLElement>(".message_inline_image");
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (box === null || !(width > 0 && height > 0)) return;
  const scale = Math.min(1, THUMBNAIL_WIDTH / width, THUMBNAIL_HEIGHT / height);
  box.setAttribute("data-thumbnail-box", "");
  box.style.width = `${String(Math.max(1, Math.round(width * scale)))}px`;
  box.style.aspectRatio = `${String(width)} / ${String(height)}`;
}

/**
 * Makes a sanitised body's previews load: an `<img>` or `<video>` whose source is an upload
 * gets the upload's temporary URL (an element cannot send the API's credentials), marked
 * `data-upload-failed` when the server refuses (a thumbnail through its original's temporary URL,
 * its box sized from the original's dimensions at once); an external source (`/thumbnail?url=…`) is left
 * as the server rendered it. A link to an upload that is not an image or a video becomes a file
 * chip. Returns a function that stops the answers still on their way from changing anything.
 */
export function prepareBodyMedia(root: HTMLElement, urls: UploadUrls): () => void {
  let isCancelled = false;
  for (const media of root.querySelectorAll<HTMLImageElement | HTMLVideoElement>(
    ".message_inline_image img, .message_inline_image video",
  )) {
    const path = uploadPath(media.getAttribute("src"));
    if (path === undefined) continue;
    sizeThumbnailBox(media);
    // Nothing loads until the signed URL is known: the unsigned one would answer 401.
    media.removeAttribute("src");
    urls
      .temporaryUrl(path)
      ?.then((url) => {
        if (!isCancelled) media.setAttribute("src", url);
      })
      .catch(() => {
        if (!isCancelled) media.setAttribute("data-upload-failed", "");
      });
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const path = uploadPath(link.getAttribute("href"));
    if (path === undefined || link.closest(".message_inline_image") !== null) continue;
    if (!MEDIA_EXTENSION.test(path)) prepareFileChip(link, path, urls, () => isCancelled);
  }
  return () => {
    isCancelled = true;
  };
}

/**
 * Opens an upload's link in a new tab through its temporary URL (a plain click would go
 * without credentials). The tab is opened at once, inside the click, so no popup blocker
 * stops it, and sent to the file when the URL arrives. False when `href` is not an upload's.
 */
function openUploadLink(href: string | null, urls: UploadUrls): boolean {
  const path = uploadPath(href);
  const answer = path === undefined ? undefined : urls.temporaryUrl(path);
  if (answer === undefined) return false;
  const tab = window.open("", "_blank");
  if (tab !== null) tab.opener = null;
  answer
    .then((url) => {
      if (tab !== null) tab.location.href = url;
    })
    .catch(() => {
      tab?.close();
    });
  return true;
}

/**
 * A click in a body: a preview image opens the lightbox (with the images of the list it is in),
 * a link to an upload opens the file through its temporary URL.
 */
function onBodyClick(event: MouseEvent<HTMLElement>, urls: UploadUrls): void {
  if (!(event.target instanceof Element)) return;
  const link = event.target.closest("a");
  if (link === null) return;
  const image = link.closest(".message_inline_image")?.querySelector("img");
  const container = link.closest(".message-list") ?? link.closest(".message-body");
  const original = (href: string) => urls.temporaryUrl(uploadPath(href) ?? "");
  if (
    image instanceof HTMLImageElement &&
    container !== null &&
    openLightbox(container, image, original)
  ) {
    event.preventDefault();
    return;
  }
  if (openUploadLink(link.getAttribute("href"), urls)) event.preventDefault();
}

/** The message list's body behaviour: previews through temporary URLs, the lightbox. */
export const APP_BODY_MEDIA: BodyMedia = {
  prepare: (root) => prepareBodyMedia(root, uploadUrls),
  onClick: (event) => {
    onBodyClick(event, uploadUrls);
  },
};
