import { narrowKey, type Narrow } from "../../lib/narrow";
import type { Route } from "../../lib/route";
import { ComposeBox } from "../compose/compose-box";
import { MessageList } from "../message-list/message-list";
import {
  AccountSettings,
  EmojiSettings,
  GroupDirectory,
  LinkifierSettings,
  StreamBrowser,
  StreamSettings,
  TopicListView,
  UploadedFiles,
  UserDirectory,
} from "./lazy-pages";
import { LazyZulipView } from "./lazy-views";

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
      return <StreamSettings streamId={route.streamId} streamName={route.streamName} />;
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
    case "inbox":
    case "recent":
    case "drafts":
      return <LazyZulipView view={route.kind} />;
    case "home":
      // The shell resolves the home route to the home view first (home-setting.ts).
      return <LazyZulipView view="inbox" />;
  }
}
