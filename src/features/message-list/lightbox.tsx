import { useEffect } from "react";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { Dialog } from "../../components/dialog";
import { resolveUrl } from "../../lib/safe-url";

/** One image the lightbox can show. */
interface LightboxImage {
  readonly src: string;
  readonly title: string;
}

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
export function openLightbox(container: ParentNode, clicked: HTMLImageElement): boolean {
  const previews = [
    ...container.querySelectorAll<HTMLImageElement>(".message_inline_image img"),
  ].filter((img) => fullSizeSource(img) !== undefined);
  const index = previews.indexOf(clicked);
  if (index === -1) return false;
  const images = previews.map((img) => ({
    src: fullSizeSource(img) ?? "",
    title: img.closest("a")?.getAttribute("title") ?? img.closest("a")?.getAttribute("href") ?? "",
  }));
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

function LightboxDialog({
  image,
  index,
  count,
}: {
  image: LightboxImage;
  index: number;
  count: number;
}) {
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
        <img className="lightbox-image" src={image.src} alt={image.title} />
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
    </Dialog>
  );
}
