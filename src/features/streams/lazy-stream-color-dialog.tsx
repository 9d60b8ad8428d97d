import { lazy, Suspense, type ComponentProps } from "react";

// The colour dialog (its palette) loads the first time it opens, not with the first view.
const StreamColorDialogModule = lazy(() =>
  import("./stream-color-dialog").then((module) => ({ default: module.StreamColorDialog })),
);

/** `StreamColorDialog`, loaded the first time one opens (nothing shows during the load). */
export function LazyStreamColorDialog(props: ComponentProps<typeof StreamColorDialogModule>) {
  return (
    <Suspense fallback={null}>
      <StreamColorDialogModule {...props} />
    </Suspense>
  );
}
