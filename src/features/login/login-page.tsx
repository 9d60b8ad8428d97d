import { useQuery } from "@tanstack/react-query";
import type { DevLoginUser } from "../../api/types/responses";
import { serverQueries } from "../../queries/server-queries";
import { useSessionStore } from "../../stores/session-store";
import { useDevLogin } from "./use-session";

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
      <h2>{title}</h2>
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

/** The development login: every user of the server, one click each. */
export function LoginPage() {
  const notice = useSessionStore((state) => state.notice);
  const settings = useQuery(serverQueries.settings());
  const users = useQuery(serverQueries.devUsers());
  const login = useDevLogin();
  const realmName = settings.data?.realm_name ?? "Parley";

  return (
    <main className="login-page">
      <div className="login-card">
        <h1>Log in to {realmName}</h1>
        {notice !== null && (
          <p className="notice" role="alert">
            {notice}
          </p>
        )}
        <p className="muted">Development server: choose whom to log in as.</p>
        {users.isPending && <p role="status">Loading users…</p>}
        {users.isError && (
          <p className="error" role="alert">
            Could not load the users: {users.error.message}
          </p>
        )}
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
          <p className="error" role="alert">
            Login failed: {login.error.message}
          </p>
        )}
      </div>
    </main>
  );
}
