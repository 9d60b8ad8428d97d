import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../api/errors";
import type { UserPresence } from "../../../common/wire/presence";
import type { User } from "../../../common/wire/users";
import { Dialog } from "../../components/dialog";
import { Icon } from "../../components/icon";
import { dmNarrow, narrowToHash } from "../../lib/narrow";
import { OFFLINE_THRESHOLD_SECONDS } from "../../queries/presence-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { uiActions } from "../../stores/ui-store";
import { shellActions } from "../shell/shell-store";
import { Avatar } from "../../components/avatar";
import { PresenceDot } from "./user-list";
import "./users.css";
import {
  presenceLabel,
  roleName,
  usePresenceClock,
  usePresenceOf,
  type PresenceStatus,
} from "./presence";

/** A user's status from `GET users/{email}/presence`: its `aggregated` entry, aged. */
function aggregatedStatus(presence: UserPresence, now: number): PresenceStatus {
  const aggregated = presence["aggregated"];
  if (aggregated === undefined) return "offline";
  if (aggregated.timestamp < now - OFFLINE_THRESHOLD_SECONDS) return "offline";
  return aggregated.status;
}

function lastSeen(presence: UserPresence | undefined): string | null {
  const timestamp = presence?.["aggregated"]?.timestamp;
  if (timestamp === undefined) return null;
  return new Date(timestamp * 1000).toLocaleString(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
}

function PresenceLine({ user }: { user: User }) {
  const presence = useQuery(userQueries.presence(user.email));
  const realmStatus = usePresenceOf()(user);
  const now = usePresenceClock();
  const status = presence.data === undefined ? realmStatus : aggregatedStatus(presence.data, now);
  const seen = status === "active" ? null : lastSeen(presence.data);
  return (
    <p className="user-card-presence" data-presence={status}>
      <PresenceDot status={status} />
      <span>{presenceLabel(status)}</span>
      {seen !== null && <span className="muted"> · last seen {seen}</span>}
      {/* The server answers an error for someone who never came online: that is just offline. */}
      {presence.isError && !(presence.error instanceof ApiError) && (
        <span className="muted"> (could not refresh)</span>
      )}
    </p>
  );
}

/** Opens the direct conversation with a user and gets the dialogs and drawers out of the way. */
function openConversation(user: User): void {
  shellActions.closeDialog();
  shellActions.setRightDrawerOpen(false);
  uiActions.setLeftDrawerOpen(false);
  window.location.hash = narrowToHash(dmNarrow([user.user_id]), user.full_name);
}

/** A user's card: picture, name, email, role, presence, and a button to message them. */
export function UserCard({ userId, onClose }: { userId: number; onClose: () => void }) {
  const users = useSnapshotQuery(userQueries.list());
  const user = users.data?.find((candidate) => candidate.user_id === userId);
  if (user === undefined) {
    return (
      <Dialog title="User" onClose={onClose}>
        <p className="state-message">
          {users.isPending ? "Loading…" : "This user is not known to this organisation."}
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={user.full_name}
      onClose={onClose}
      className="user-card"
      footer={
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            openConversation(user);
          }}
        >
          <Icon name="mail" /> Send direct message
        </button>
      }
    >
      <div className="user-card-body">
        <Avatar name={user.full_name} url={user.avatar_url} size={72} />
        <dl className="details">
          <dt>Email</dt>
          <dd className="user-card-email">{user.email}</dd>
          <dt>Role</dt>
          <dd>
            {roleName(user)}
            {user.is_bot && <span className="badge">Bot</span>}
            {user.is_active === false && <span className="badge">Deactivated</span>}
          </dd>
          <dt>Presence</dt>
          <dd>
            <PresenceLine user={user} />
          </dd>
        </dl>
      </div>
    </Dialog>
  );
}
