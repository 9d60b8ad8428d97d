import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { serverQueries } from "../../queries/server-queries";
import { useSessionStore } from "../../stores/session-store";
import { DevLogin } from "./dev-login";
import { ApiKeyForm, PasswordForm } from "./login-forms";
import "./login.css";

/** One way of logging in, under its own divider heading. */
function LoginWay({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="login-way" aria-labelledby={headingId}>
      <h2 id={headingId} className="login-divider">
        <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/** "Remember me on this device": applies to whichever way the user logs in. */
function RememberMe({
  remember,
  onChange,
}: {
  remember: boolean;
  onChange: (remember: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="login-remember">
      <input
        id={id}
        type="checkbox"
        checked={remember}
        aria-describedby={hintId}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <div>
        <label htmlFor={id}>Remember me on this device</label>
        <p id={hintId} className="muted login-hint">
          {remember
            ? "You stay logged in after closing the browser, until you log out."
            : "You stay logged in in this tab only."}
        </p>
      </div>
    </div>
  );
}

/**
 * The login page: the development login first when the server offers it (in view without
 * scrolling), then email and password, and email and API key; credentials stay in the tab unless the user asks to be remembered.
 */
export function LoginPage() {
  const notice = useSessionStore((state) => state.notice);
  const settings = useQuery(serverQueries.settings());
  const realmName = settings.data?.realm_name ?? "Parley";
  const [remember, setRemember] = useState(false);

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand" aria-hidden="true">
          <span className="brand-mark">P</span>
          <span>Parley</span>
        </div>
        <h1>Log in to {realmName}</h1>
        {notice !== null && (
          <p className="notice" role="alert">
            {notice}
          </p>
        )}
        <RememberMe remember={remember} onChange={setRemember} />
        {/* First when the server offers it: on a development server it is the way in. */}
        <DevLogin remember={remember} />
        <LoginWay title="Email and password">
          <PasswordForm remember={remember} />
        </LoginWay>
        <LoginWay title="Email and API key">
          <p className="muted login-hint">
            Your API key is in your account settings on the server (Zulip: Personal settings →
            Account &amp; privacy).
          </p>
          <ApiKeyForm remember={remember} />
        </LoginWay>
      </div>
    </main>
  );
}
