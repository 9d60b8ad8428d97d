import { lazy, Suspense } from "react";
import { ChatScreen } from "./features/shell/chat-screen";
import { useApplyDensity, useApplyTheme } from "./features/shell/theme";
import { useSessionStore } from "./stores/session-store";

// The login page loads only when it shows: a returning user's first view (the chat) does not
// carry its code (the first-view budget of BENCHMARKS.md).
const LoginPage = lazy(async () => ({
  default: (await import("./features/login/login-page")).LoginPage,
}));

/** The whole app: the login page, or the chat once this tab has credentials; both themed. */
export function App() {
  useApplyTheme();
  useApplyDensity();
  const isLoggedIn = useSessionStore((session) => session.credentials !== null);
  return isLoggedIn ? (
    <ChatScreen />
  ) : (
    <Suspense fallback={null}>
      <LoginPage />
    </Suspense>
  );
}
