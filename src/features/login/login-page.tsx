import { useQuery } from "@tanstack/react-query";
import { useId, useState, type SyntheticEvent } from "react";
import type { DevLoginUser } from "../../api/types/responses";
import { serverQueries } from "../../queries/server-queries";
import { useSessionStore } from "../../stores/session-store";
import { useDevLogin, usePasswordLogin } from "./use-session";
import "./login.css";

function UserGroup({
  title,
  users,
  onPick,
  isDisabled,
}: {
  title: string;
  users: readonly DevLoginUser[];
  onPick: (email: string) => void;
  isDisabled: boolean;
}) {
  if (users.length === 0) return null;
  return (
    <section className="login-group" aria-label={title}>
      <h3>{title}</h3>
      <ul className="login-users">
        {users.map((user) => (
          <li key={user.email}>
            <button
              type="button"
              className="login-user"
              disabled={isDisabled}
              onClick={() => {
                onPick(user.email);
              }}
            >
              <span className="login-user-name">{user.full_name ?? user.email}</span>
              <span className="login-user-email">{user.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Email and password (`fetch_api_key`); the server's refusal is shown as it says it. */
function PasswordForm() {
  const login = usePasswordLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const emailId = useId();
  const passwordId = useId();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ username: username.trim(), password });
  };
  return (
    <form className="login-form" onSubmit={onSubmit} aria-label="Log in with your password">
      <div className="login-field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
          }}
        />
      </div>
      <div className="login-field">
        <label htmlFor={passwordId}>Password</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
      </div>
      {login.isError && (
        <p className="login-error" role="alert">
          Login failed: {login.error.message}
        </p>
      )}
      <button
        type="submit"
        className="button button-primary login-submit"
        disabled={login.isPending}
      >
        {login.isPending ? "Logging in…" : "Log in"}
      </button>
    </form>
  );
}

/** Every user of a development server, one click each; nothing when the server has none. */
function DevLogin() {
  const users = useQuery(serverQueries.devUsers());
  const login = useDevLogin();
  if (users.isError) return null;
  return (
    <section className="login-dev" aria-labelledby="dev-login-heading">
      <h2 id="dev-login-heading" className="login-divider">
        <span>Development login</span>
      </h2>
      <p className="muted login-hint">Choose whom to log in as.</p>
      {users.isPending && <p role="status">Loading users…</p>}
      {users.isSuccess && (
        <>
          <UserGroup
            title="Administrators"
            users={users.data.direct_admins}
            onPick={login.mutate}
            isDisabled={login.isPending}
          />
          <UserGroup
            title="Users"
            users={users.data.direct_users}
            onPick={login.mutate}
            isDisabled={login.isPending}
          />
        </>
      )}
      {login.isError && (
        <p className="login-error" role="alert">
          Login failed: {login.error.message}
        </p>
      )}
    </section>
  );
}

/** The login page: password login, and the development login when the server offers it. */
export function LoginPage() {
  const notice = useSessionStore((state) => state.notice);
  const settings = useQuery(serverQueries.settings());
  const realmName = settings.data?.realm_name ?? "Parley";

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
        <PasswordForm />
        <DevLogin />
      </div>
    </main>
  );
}
