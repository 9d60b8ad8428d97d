import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Avatar } from "../../components/avatar";
import { Page } from "../../components/page";
import { userQueries } from "../../queries/user-queries";
import { useSessionStore } from "../../stores/session-store";
import { useLogout } from "../login/use-session";
import { roleName } from "../users/presence";
import { Preferences } from "./preferences";
import { useCopyText, type CopyStatus } from "./use-copy-text";
import "./account.css";

/** Who the user is: `users/me`, with loading and failure states. */
function Profile() {
  const me = useQuery(userQueries.me());
  if (me.isPending) return <p className="account-state">Loading your profile…</p>;
  if (me.isError) {
    return (
      <p className="account-state error" role="alert">
        Could not load your profile: {me.error.message}{" "}
        <button type="button" className="link-button" onClick={() => void me.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  const user = me.data;
  return (
    <div className="account-profile">
      <Avatar name={user.full_name} url={user.avatar_url} size={72} />
      <dl className="account-details">
        <dt>Name</dt>
        <dd>{user.full_name}</dd>
        <dt>Email</dt>
        {/* The real address: `email` may be a display-only one when addresses are hidden. */}
        <dd>{user.delivery_email ?? user.email}</dd>
        <dt>Role</dt>
        <dd>{roleName(user)}</dd>
        <dt>User ID</dt>
        <dd>{user.user_id}</dd>
      </dl>
    </div>
  );
}

function copyMessage(status: CopyStatus): string {
  switch (status.kind) {
    case "idle":
      return "";
    case "copied":
      return "Copied to the clipboard.";
    case "failed":
      return `Could not copy: ${status.reason} Select the key and copy it yourself.`;
  }
}

/** The session's API key, put in the page only when asked for, with Copy and Hide. */
function ApiKey() {
  const apiKey = useSessionStore((state) => state.credentials?.apiKey);
  const [isShown, setShown] = useState(false);
  const { status, copy, reset } = useCopyText();
  const headingId = useId();
  if (apiKey === undefined) return null;
  const hide = () => {
    setShown(false);
    reset();
  };
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>API key</h2>
      <p className="muted">
        Programs and bots use your email and this key to act as you. Keep it secret.
      </p>
      {isShown ? (
        <div className="account-key-row">
          <p className="account-key">
            <span className="visually-hidden">Your API key: </span>
            <code>{apiKey}</code>
          </p>
          <div className="account-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                copy(apiKey);
              }}
            >
              Copy
            </button>
            <button type="button" className="button" onClick={hide}>
              Hide
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            setShown(true);
          }}
        >
          Show API key
        </button>
      )}
      {/* Always present, so screen readers announce the result when it appears. */}
      <p className={status.kind === "failed" ? "account-copy error" : "account-copy"} role="status">
        {copyMessage(status)}
      </p>
    </section>
  );
}

function LogOut() {
  const logout = useLogout();
  const isRemembered = useSessionStore((state) => state.isRemembered);
  const headingId = useId();
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Log out</h2>
      <p className="muted">
        {isRemembered
          ? "This device remembers you; logging out makes it forget you."
          : "You are logged in in this tab only."}
      </p>
      <div>
        <button type="button" className="button button-danger" onClick={logout}>
          Log out
        </button>
      </div>
    </section>
  );
}

/** "Your account": name, email, role, preferences, the API key on request, and logging out. */
export function AccountSettings() {
  return (
    <Page
      title="Your account"
      className="account-page"
      intro="Who you are in this organization, your preferences, your API key, and logging out."
    >
      <Profile />
      <Preferences />
      <ApiKey />
      <LogOut />
    </Page>
  );
}
