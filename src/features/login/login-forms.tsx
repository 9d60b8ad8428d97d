import { useId, useState, type SyntheticEvent } from "react";
import { loginErrorMessage } from "./login-errors";
import { useApiKeyLogin, usePasswordLogin } from "./use-session";

/** A labelled input of a login form. */
function LoginField({
  label,
  type,
  autoComplete,
  value,
  onChange,
}: {
  label: string;
  type: "email" | "password";
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        spellCheck={false}
        required
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

/** The failure of the last attempt, in the server's words; nothing while there is none. */
function LoginError({ error }: { error: Error | null }) {
  if (error === null) return null;
  return (
    <p className="login-error" role="alert">
      {loginErrorMessage(error)}
    </p>
  );
}

function SubmitButton({ isPending }: { isPending: boolean }) {
  return (
    <button type="submit" className="button button-primary login-submit" disabled={isPending}>
      {isPending ? "Logging in…" : "Log in"}
    </button>
  );
}

/**
 * Email and a secret (a password or an API key), the last attempt's failure and the button. The
 * email is sent trimmed; the secret as typed, for the caller to clean up if it may.
 */
function CredentialsForm({
  name,
  secretLabel,
  secretAutoComplete,
  login,
  onLogin,
}: {
  name: string;
  secretLabel: string;
  secretAutoComplete: string;
  login: { error: Error | null; isPending: boolean };
  onLogin: (email: string, secret: string) => void;
}) {
  const [email, setEmail] = useState("");
  const [secret, setSecret] = useState("");
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onLogin(email.trim(), secret);
  };
  return (
    <form className="login-form" onSubmit={onSubmit} aria-label={name}>
      <LoginField
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
      />
      {/* Hidden like a password even when it is an API key: the key grants the same access. */}
      <LoginField
        label={secretLabel}
        type="password"
        autoComplete={secretAutoComplete}
        value={secret}
        onChange={setSecret}
      />
      <LoginError error={login.error} />
      <SubmitButton isPending={login.isPending} />
    </form>
  );
}

/**
 * Email and password (`fetch_api_key`), for any server. A refusal is shown as the server says
 * it and the fields keep what was typed.
 */
export function PasswordForm({ remember }: { remember: boolean }) {
  const login = usePasswordLogin();
  return (
    <CredentialsForm
      name="Log in with your password"
      secretLabel="Password"
      secretAutoComplete="current-password"
      login={login}
      onLogin={(username, password) => {
        login.mutate({ username, password, remember });
      }}
    />
  );
}

/**
 * Email and API key: checked with `GET users/me` before they are accepted, so a wrong key is a
 * message here, never a half-started session.
 */
export function ApiKeyForm({ remember }: { remember: boolean }) {
  const login = useApiKeyLogin();
  return (
    <CredentialsForm
      name="Log in with an API key"
      secretLabel="API key"
      secretAutoComplete="off"
      login={login}
      onLogin={(email, apiKey) => {
        // Keys are pasted: surrounding spaces and line breaks are never part of one.
        login.mutate({ email, apiKey: apiKey.trim(), remember });
      }}
    />
  );
}
