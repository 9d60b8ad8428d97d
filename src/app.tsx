import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useUserName } from "./features/users/use-user-name";
import { connectEvents } from "./events/connect-events";
import { ComposeBox } from "./features/compose/compose-box";
import { composeTarget } from "./features/compose/use-compose";
import { ConnectionStatus } from "./features/connection/connection-status";
import { LoginPage } from "./features/login/login-page";
import { endSession, SESSION_ENDED_NOTICE } from "./features/login/session-actions";
import { useLogout } from "./features/login/use-session";
import { MessageList } from "./features/message-list/message-list";
import { useCurrentNarrow } from "./features/narrow/use-current-narrow";
import { StreamList } from "./features/sidebar/stream-list";
import { narrowKey, narrowTitle } from "./lib/narrow";
import { renderContextFromQueries } from "./queries/render-context";
import { serverQueries } from "./queries/server-queries";
import { userQueries } from "./queries/user-queries";
import { useSessionStore } from "./stores/session-store";
import { totalUnread, useUnreadStore } from "./stores/unread-store";

/** Runs the event machine for as long as the logged-in client lives. */
function useEventConnection() {
  const queryClient = useQueryClient();
  const client = useSessionStore((session) => session.client);
  useEffect(
    () =>
      connectEvents(client, {
        queryClient,
        renderContext: () => renderContextFromQueries(queryClient),
        onUnauthorized: () => {
          endSession(queryClient, SESSION_ENDED_NOTICE);
        },
      }),
    [client, queryClient],
  );
}

function TopBar() {
  const settings = useQuery(serverQueries.settings());
  const me = useQuery(userQueries.me());
  const email = useSessionStore((session) => session.credentials?.email);
  const logout = useLogout();
  return (
    <header className="top-bar">
      <span className="brand">Parley</span>
      {settings.data?.realm_name !== undefined && (
        <span className="realm-name">{settings.data.realm_name}</span>
      )}
      <ConnectionStatus />
      <span className="current-user">{me.data?.full_name ?? email}</span>
      <button type="button" className="secondary-button" onClick={logout}>
        Log out
      </button>
    </header>
  );
}

/** "(3) #general - Parley": the unread total in the tab title. */
function useDocumentTitle(title: string) {
  const unread = useUnreadStore(totalUnread);
  useEffect(() => {
    document.title = `${unread > 0 ? `(${unread}) ` : ""}${title} - Parley`;
  }, [unread, title]);
}

function ChatScreen() {
  useEventConnection();
  const narrow = useCurrentNarrow();
  const userName = useUserName();
  const title = narrow === undefined ? "Home" : narrowTitle(narrow, userName);
  useDocumentTitle(title);
  return (
    <div className="chat">
      <TopBar />
      <StreamList currentNarrow={narrow} />
      <main className="conversation" aria-label="Conversation">
        {narrow === undefined ? (
          <p className="muted centered">Choose a stream on the left to start reading.</p>
        ) : (
          <>
            <h1 className="conversation-title">{title}</h1>
            <MessageList key={narrowKey(narrow)} narrow={narrow} />
            {composeTarget(narrow) !== undefined && (
              <ComposeBox
                key={`compose:${narrowKey(narrow)}`}
                narrow={narrow}
                userName={userName}
              />
            )}
          </>
        )}
      </main>
    </div>
  );
}

/** The whole app: the login page, or the chat once this tab has credentials. */
export function App() {
  const isLoggedIn = useSessionStore((session) => session.credentials !== null);
  return isLoggedIn ? <ChatScreen /> : <LoginPage />;
}
