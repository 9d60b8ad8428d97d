import { lazy, Suspense, type ComponentProps } from "react";

const loadPicker = () => import("./emoji-picker");

// The picker (and its grid of every emoji) loads on first use, not with the app.
const EmojiPickerModule = lazy(() =>
  loadPicker().then((module) => ({ default: module.EmojiPicker })),
);

/**
 * Starts loading the picker's code (e.g. when the pointer reaches a button that opens it), so
 * that it opens at once on the click. Safe to call any number of times.
 */
export function preloadEmojiPicker(): void {
  void loadPicker();
}

/**
 * `EmojiPicker`, loaded the first time one opens (nothing shows during the short load). Use this
 * one from views that are part of the first screen (message actions, compose).
 */
export function LazyEmojiPicker(props: ComponentProps<typeof EmojiPickerModule>) {
  return (
    <Suspense fallback={null}>
      <EmojiPickerModule {...props} />
    </Suspense>
  );
}
