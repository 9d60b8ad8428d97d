import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { Dialog } from "../../components/dialog";
import { resolveUrl } from "../../lib/safe-url";

/** One image the lightbox can show. */
interface LightboxImage {
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

function close(): void {
  lightboxStore.setState({ images: [], index: -1 });
}

function move(step: number): void {
  lightboxStore.setState(({ images, index }) => {
    const next = index + step;
    return next >= 0 && next < images.length ? { index: next } : {};
  });
}

/**
 * The image overlay (Zulip's lightbox): the full-size image, ← and → to the previous and next
 * image of the conversation, Escape (or the close button, or the backdrop) closes, and focus
 * returns to the preview that opened it (the dialog's own focus handling).
 */
export function Lightbox() {
  const { images, index } = useStore(lightboxStore);
  const image = images[index];
  if (image === undefined) return null;
  return <LightboxDialog image={image} index={index} count={images.length} />;
}

/**
 * A thumbnail's original: its URL as soon as it is known (for "Open original"), and the same
 * once the browser has loaded it (to take the thumbnail's place without a blank moment).
 */
function useOriginal(image: LightboxImage): { url?: string; loaded?: string } {
  const [state, setState] = useState<{ of: LightboxImage; url?: string; loaded?: string }>({
    of: image,
  });
  useEffect(() => {
    let isCurrent = true;
    image
      .original?.()
      ?.then((url) => {
        if (!isCurrent) return;
        setState({ of: image, url });
        const loader = new Image();
        loader.onload = () => {
          if (isCurrent) setState({ of: image, url, loaded: url });
        };
        loader.src = url;
      })
      .catch(() => {
        // No original (refused, deleted): the thumbnail stays.
      });
    return () => {
      isCurrent = false;
    };
  }, [image]);
  return state.of === image ? state : {};
}

function LightboxDialog({
  image,
  index,
  count,
}: {
  image: LightboxImage;
  index: number;
  count: number;
}) {
  const original = useOriginal(image);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") move(-1);
      else if (event.key === "ArrowRight") move(1);
      // The native dialog's `cancel` closes it too; this also covers a browser without one.
      else if (event.key === "Escape") close();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return (
    <Dialog
      title={`Image ${String(index + 1)} of ${String(count)}`}
      onClose={close}
      className="lightbox"
    >
      <div className="lightbox-body">
        <button
          type="button"
          className="icon-button"
          aria-label="Previous image"
          disabled={index === 0}
          onClick={() => {
            move(-1);
          }}
        >
          ‹
        </button>
        <img
          className="lightbox-image"
          src={original.loaded ?? image.src}
          alt={image.title}
          data-original={original.loaded === undefined ? undefined : ""}
        />
        <button
          type="button"
          className="icon-button"
          aria-label="Next image"
          disabled={index === count - 1}
          onClick={() => {
            move(1);
          }}
        >
          ›
        </button>
      </div>
      {(original.url ?? image.href) === undefined ? null : (
        <a
          className="lightbox-open-original"
          href={original.url ?? image.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open original
        </a>
      )}
    </Dialog>
  );
}
