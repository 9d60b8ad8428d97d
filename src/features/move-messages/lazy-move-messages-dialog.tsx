import { lazy, Suspense, type ComponentProps } from "react";

// The move dialog loads the first time one opens, not with the first view.
const MoveMessagesDialogModule = lazy(() =>
  import("./move-messages-dialog").then((module) => ({ default: module.MoveMessagesDialog })),
);

/** `MoveMessagesDialog`, loaded the first time one opens (nothing shows during the load). */
export function LazyMoveMessagesDialog(props: ComponentProps<typeof MoveMessagesDialogModule>) {
  return (
    <Suspense fallback={null}>
      <MoveMessagesDialogModule {...props} />
    </Suspense>
  );
}
