import type { User } from "../../../common/wire/users";
import { shellActions } from "../shell/shell-store";
import { presenceLabel, type PresenceStatus } from "./presence";
import { PresenceDot } from "./user-list";
import "./directory-page.css";
import "./users.css";

/** Opens a user's card, the shell's dialog (the same one the right panel opens). */
export function openUserCard(userId: number): void {
  shellActions.openDialog({ kind: "user", userId });
}

/**
 * A person as a compact button: presence dot, name, "Bot" for bots and the presence in words;
 * a click opens their card. Named "Othello, Active" (or "Welcome Bot (bot), Offline").
 */
export function PersonButton({ user, status }: { user: User; status: PresenceStatus }) {
  return (
    <button
      type="button"
      className="person-button"
      data-user-id={user.user_id}
      data-presence={status}
      aria-label={`${user.full_name}${user.is_bot ? " (bot)" : ""}, ${presenceLabel(status)}`}
      onClick={() => {
        openUserCard(user.user_id);
      }}
    >
      <PresenceDot status={status} />
      <span>{user.full_name}</span>
      {user.is_bot && <span className="badge">Bot</span>}
      <span className="person-presence">{presenceLabel(status)}</span>
    </button>
  );
}
