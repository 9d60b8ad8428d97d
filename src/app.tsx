import { ChatScreen } from "./features/shell/chat-screen";
import { useApplyTheme } from "./features/shell/theme";
import { LoginPage } from "./features/login/login-page";
import { useSessionStore } from "./stores/session-store";

/** The whole app: the login page, or the chat once this tab has credentials; both themed. */
export function App() {
  useApplyTheme();
  const isLoggedIn = useSessionStore((session) => session.credentials !== null);
  return isLoggedIn ? <ChatScreen /> : <LoginPage />;
}
