import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * The pages of the centre column that are not the first screen (organisation pages, settings, the
 * topic table), each loaded the first time it opens: the first view (the scripts and stylesheet
 * loaded before the first message paints) stays within its size budget (BENCHMARKS.md,
 * `bench:cold-start`). A page's code arrives in a few milliseconds from the server's cache; until
 * then the column says it is loading.
 */
function page<P extends object>(
  load: () => Promise<Record<string, unknown>>,
  name: string,
): ComponentType<P> {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

function PageLoading(): ReactNode {
  return (
    <p className="page-loading muted" role="status">
      Loading…
    </p>
  );
}

export const TopicListView = page<{ streamId: number; streamName: string }>(
  () => import("../topics/topic-list-view"),
  "TopicListView",
);
export const StreamBrowser = page(() => import("../streams/stream-browser"), "StreamBrowser");
export const StreamSettings = page<{ streamId: number; streamName: string }>(
  () => import("../streams/stream-settings"),
  "StreamSettings",
);
export const LinkifierSettings = page(
  () => import("../linkifiers/linkifier-settings"),
  "LinkifierSettings",
);
export const EmojiSettings = page(() => import("../custom-emoji/emoji-settings"), "EmojiSettings");
export const GroupDirectory = page(() => import("../groups/group-directory"), "GroupDirectory");
export const UserDirectory = page(() => import("../users/user-directory"), "UserDirectory");
export const AccountSettings = page(() => import("../account/account-settings"), "AccountSettings");
export const UploadedFiles = page(() => import("../uploads/uploaded-files"), "UploadedFiles");
