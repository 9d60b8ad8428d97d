import { lazy, Suspense, type ComponentProps } from "react";

// The create-stream form loads the first time it opens, not with the first view.
const CreateStreamDialogModule = lazy(() =>
  import("./create-stream-dialog").then((module) => ({ default: module.CreateStreamDialog })),
);

/** `CreateStreamDialog`, loaded the first time one opens (nothing shows during the load). */
export function LazyCreateStreamDialog(props: ComponentProps<typeof CreateStreamDialogModule>) {
  return (
    <Suspense fallback={null}>
      <CreateStreamDialogModule {...props} />
    </Suspense>
  );
}
