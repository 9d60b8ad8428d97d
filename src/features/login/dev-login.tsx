import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { DevLoginUser } from "../../../common/wire/responses";
import { serverQueries } from "../../queries/server-queries";
import { loginErrorMessage } from "./login-errors";
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

/**
 * Every user of a development server, one click each (`dev_list_users`, `dev_fetch_api_key`).
 * Nothing at all when the server does not offer it (the list answers with an error), nor while
 * that is not known: the page first in view never shows a development login a server lacks.
 */
export function DevLogin({ remember }: { remember: boolean }) {
  const users = useQuery(serverQueries.devUsers());
  const login = useDevLogin();
  const headingId = useId();
  if (!users.isSuccess) return null;
  const pick = (email: string) => {
    login.mutate({ email, remember });
  };
  return (
    <section className="login-way" aria-labelledby={headingId}>
      <h2 id={headingId} className="login-divider">
        <span>Development login</span>
      </h2>
      <p className="muted login-hint">This server is for development: choose whom to log in as.</p>
      <UserGroup
        title="Administrators"
        users={users.data.direct_admins}
        onPick={pick}
        isDisabled={login.isPending}
      />
      <UserGroup
        title="Users"
        users={users.data.direct_users}
        onPick={pick}
        isDisabled={login.isPending}
      />
      {login.isError && (
        <p className="login-error" role="alert">
          {loginErrorMessage(login.error)}
        </p>
      )}
    </section>
  );
}
