import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Dialog } from "../../components/dialog";
import { userQueries } from "../../queries/user-queries";
import { useUiStore } from "../../stores/ui-store";
import { useSavePreference } from "../shell/server-preferences";
import {
  useNotificationSettings,
  notificationActions,
} from "../notifications/notification-settings-store";
import { ThemeSwitch } from "../shell/theme-switch";
import { Avatar } from "../../components/avatar";
import { roleName } from "./presence";
import "./users.css";

function NotificationPreference() {
  const isEnabled = useNotificationSettings((settings) => settings.isEnabled);
  const permission = useNotificationSettings((settings) => settings.permission);
  const id = useId();
  if (permission === "unsupported") {
    return <p className="muted">This browser cannot show desktop notifications.</p>;
  }
  return (
    <div className="preference">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={isEnabled}
        disabled={permission === "denied"}
        onChange={(event) => {
          if (event.target.checked) void notificationActions.enable();
          else notificationActions.disable();
        }}
      />
      <label htmlFor={id}>
        Desktop notifications for direct messages and mentions
        {permission === "denied" && (
          <span className="preference-note">Blocked in the browser’s site settings.</span>
        )}
      </label>
    </div>
  );
}

function Preferences() {
  const enterSends = useUiStore((state) => state.enterSends);
  const savePreference = useSavePreference();
  const enterId = useId();
  return (
    <section className="profile-section" aria-label="Preferences">
      <h3 className="profile-section-title">Preferences</h3>
      <div className="preference preference-theme">
        <span aria-hidden="true">Theme</span>
        <ThemeSwitch showLabels />
      </div>
      <div className="preference">
        <input
          id={enterId}
          type="checkbox"
          role="switch"
          checked={enterSends}
          onChange={(event) => {
            savePreference.setEnterSends(event.target.checked);
          }}
        />
        <label htmlFor={enterId}>
          Enter sends
          <span className="preference-note">
            {enterSends
              ? "Shift+Enter adds a line."
              : "Enter adds a line; Ctrl+Enter (⌘+Enter on a Mac) sends."}
          </span>
        </label>
      </div>
      <NotificationPreference />
    </section>
  );
}

/** The logged-in user's profile (`users/me`) and their preferences. */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const me = useQuery(userQueries.me());
  return (
    <Dialog title="Your profile" onClose={onClose} className="profile-dialog">
      {me.isPending && <p className="state-message">Loading your profile…</p>}
      {me.isError && (
        <p className="state-message error" role="alert">
          Could not load your profile: {me.error.message}{" "}
          <button type="button" className="link-button" onClick={() => void me.refetch()}>
            Retry
          </button>
        </p>
      )}
      {me.isSuccess && (
        <div className="user-card-body">
          <Avatar name={me.data.full_name} url={me.data.avatar_url} size={72} />
          <dl className="details">
            <dt>Name</dt>
            <dd>{me.data.full_name}</dd>
            <dt>Email</dt>
            <dd>{me.data.email}</dd>
            <dt>Role</dt>
            <dd>{roleName(me.data)}</dd>
            <dt>User ID</dt>
            <dd>{me.data.user_id}</dd>
          </dl>
        </div>
      )}
      <Preferences />
    </Dialog>
  );
}
