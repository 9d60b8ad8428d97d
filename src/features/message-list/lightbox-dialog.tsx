import { useEffect, useState } from "react";
import { Dialog } from "../../components/dialog";
import { closeLightbox as close, moveLightbox as move, type LightboxImage } from "./lightbox-store";

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

/** The lightbox itself (see `Lightbox`): the image, its neighbours' buttons, "Open original". */
export function LightboxDialog({
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
