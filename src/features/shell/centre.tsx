import { lazy, Suspense } from "react";
import { narrowKey, type Narrow } from "../../lib/narrow";
import type { Route } from "../../lib/route";
import { AccountSettings } from "../account/account-settings";
import { ComposeBox } from "../compose/compose-box";
import { EmojiSettings } from "../custom-emoji/emoji-settings";
import { GroupDirectory } from "../groups/group-directory";
import { LinkifierSettings } from "../linkifiers/linkifier-settings";
import { MessageList } from "../message-list/message-list";
import { StreamBrowser } from "../streams/stream-browser";
import { TopicListView } from "../topics/topic-list-view";
import { UploadedFiles } from "../uploads/uploaded-files";
import { UserDirectory } from "../users/user-directory";
import { HomeView } from "./home-view";

// A stream's settings page is not part of the first screen: its code loads on first use.
const StreamSettings = lazy(() =>
  import("../streams/stream-settings").then((module) => ({ default: module.StreamSettings })),
);

function NarrowView({
  narrow,
  title,
  userName,
}: {
  narrow: Narrow;
  title: string;
  userName: (userId: number) => string;
}) {
  return (
    <>
      <header className="narrow-header">
        <h1 className="narrow-title">{title}</h1>
      </header>
      <MessageList key={narrowKey(narrow)} narrow={narrow} />
      <ComposeBox key={`compose:${narrowKey(narrow)}`} narrow={narrow} userName={userName} />
    </>
  );
}

/** The centre column for the current route. */
export function Centre({
  route,
  title,
  userName,
}: {
  route: Route;
  title: string;
  userName: (userId: number) => string;
}) {
  switch (route.kind) {
    case "narrow":
      return <NarrowView narrow={route.narrow} title={title} userName={userName} />;
    case "topics":
      return <TopicListView streamId={route.streamId} streamName={route.streamName} />;
    case "streams":
      return <StreamBrowser />;
    case "stream-settings":
      return (
        <Suspense fallback={null}>
          <StreamSettings streamId={route.streamId} streamName={route.streamName} />
        </Suspense>
      );
    case "linkifiers":
      return <LinkifierSettings />;
    case "emoji":
      return <EmojiSettings />;
    case "groups":
      return <GroupDirectory />;
    case "users":
      return <UserDirectory />;
    case "account":
      return <AccountSettings />;
    case "uploads":
      return <UploadedFiles />;
    case "home":
      return <HomeView />;
  }
}
