import { lazy, Suspense } from "react";
import { useLightboxImage } from "./lightbox-store";

// The dialog loads the first time an image is opened, not with the first view.
const LightboxDialog = lazy(() =>
  import("./lightbox-dialog").then((module) => ({ default: module.LightboxDialog })),
);

/**
 * The image overlay (Zulip's lightbox): the full-size image, ← and → to the previous and next
 * image of the conversation, Escape (or the close button, or the backdrop) closes, and focus
 * returns to the preview that opened it (the dialog's own focus handling).
 */
export function Lightbox() {
  const shown = useLightboxImage();
  if (shown === null) return null;
  return (
    <Suspense fallback={null}>
      <LightboxDialog image={shown.image} index={shown.index} count={shown.count} />
    </Suspense>
  );
}
