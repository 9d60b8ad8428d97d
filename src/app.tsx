import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectEvents } from "./events/connect-events";
import { ComposeBox } from "./features/compose/compose-box";
import { ConnectionStatus } from "./features/connection/connection-status";
import { LoginPage } from "./features/login/login-page";
import { endSession, SESSION_ENDED_NOTICE } from "./features/login/session-actions";
import { useLogout } from "./features/login/use-session";
import { MessageList } from "./features/message-list/message-list";
import { useCurrentNarrow } from "./features/narrow/use-current-narrow";
import { StreamList } from "./features/sidebar/stream-list";
import { narrowKey, narrowTitle } from "./lib/narrow";
import { serverQueries } from "./queries/server-queries";
import { userQueries } from "./queries/user-queries";
import { useSessionStore } from "./stores/session-store";

/** Runs the event machine for as long as the logged-in client lives. */
function useEventConnection() {
  const queryClient = useQueryClient();
  const client = useSessionStore((session) => session.client);
  useEffect(
    () =>
      connectEvents(client, {
        queryClient,
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

function ChatScreen() {
  useEventConnection();
  const narrow = useCurrentNarrow();
  return (
    <div className="chat">
      <TopBar />
      <StreamList currentNarrow={narrow} />
      <main className="conversation" aria-label="Conversation">
        {narrow === undefined ? (
          <p className="muted centered">Choose a stream on the left to start reading.</p>
        ) : (
          <>
            <h1 className="conversation-title">{narrowTitle(narrow)}</h1>
            <MessageList key={narrowKey(narrow)} narrow={narrow} />
            <ComposeBox key={`compose:${narrowKey(narrow)}`} narrow={narrow} />
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
