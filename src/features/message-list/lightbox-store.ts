// The lightbox's state and the functions that open, move and close it: small, with the
// first view (a preview's click opens it); the dialog itself is `lightbox-dialog.tsx`, lazy.
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { resolveUrl } from "../../lib/safe-url";

/** One image the lightbox can show. */
export interface LightboxImage {
  readonly src: string;
  readonly title: string;
  /**
   * For a thumbnail: where its original loads from (an upload's temporary URL, asked when the
   * image is shown). The thumbnail shows at once; the original takes its place once loaded.
   */
  readonly original?: () => Promise<string> | undefined;
  /** Where "Open original" goes for an image that is not an upload (the link as rendered). */
  readonly href?: string;
}

/** The original of a preview's link, for a thumbnail (an upload's temporary URL). */
export type OriginalUrl = (href: string) => Promise<string> | undefined;

interface LightboxState {
  readonly images: readonly LightboxImage[];
  /** The one shown; -1 when the lightbox is closed. */
  readonly index: number;
}

const lightboxStore = createStore<LightboxState>()(() => ({ images: [], index: -1 }));

/**
 * The full-size image of a preview: the server's `data-src-fullsize` when it is its thumbnailer's
 * (`/thumbnail?…&size=full`), else what the preview shows (an upload's temporary URL).
 */
function fullSizeSource(img: HTMLImageElement): string | undefined {
  const fullSize = img.getAttribute("data-src-fullsize");
  const resolved = fullSize === null ? undefined : resolveUrl(fullSize);
  // Only the thumbnailer's: an upload's own path would answer 401 to an <img> (no credentials).
  if (resolved?.origin === window.location.origin && resolved.pathname === "/thumbnail") {
    return resolved.href;
  }
  const src = img.getAttribute("src");
  return src === null || src === "" ? undefined : src;
}

/**
 * Opens the lightbox on `clicked`, with every preview image of `container` (the conversation
 * as the list shows it) to move between with the arrows. False when `clicked` has nothing to show.
 */
export function openLightbox(
  container: ParentNode,
  clicked: HTMLImageElement,
  originalUrl?: OriginalUrl,
): boolean {
  const previews = [
    ...container.querySelectorAll<HTMLImageElement>(".message_inline_image img"),
  ].filter((img) => fullSizeSource(img) !== undefined);
  const index = previews.indexOf(clicked);
  if (index === -1) return false;
  const images = previews.map((img): LightboxImage => {
    const link = img.closest("a")?.getAttribute("href") ?? "";
    const image = {
      src: fullSizeSource(img) ?? "",
      title: img.closest("a")?.getAttribute("title") ?? link,
    };
    const external = resolveUrl(link);
    if (img.hasAttribute("data-original-dimensions") && originalUrl !== undefined) {
      return { ...image, original: () => originalUrl(link) };
    }
    return external !== undefined && external.origin !== window.location.origin
      ? { ...image, href: external.href }
      : image;
  });
  lightboxStore.setState({ images, index });
  return true;
}

export function closeLightbox(): void {
  lightboxStore.setState({ images: [], index: -1 });
}

/** Shows the previous (-1) or next (1) image of the conversation. */
export function moveLightbox(step: number): void {
  lightboxStore.setState(({ images, index }) => {
    const next = index + step;
    return next >= 0 && next < images.length ? { index: next } : {};
  });
}

/** The image shown, where it is among the conversation's, and how many there are; none when closed. */
export function useLightboxImage(): { image: LightboxImage; index: number; count: number } | null {
  const { images, index } = useStore(lightboxStore);
  const image = images[index];
  return image === undefined ? null : { image, index, count: images.length };
}
