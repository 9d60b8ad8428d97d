import { useQuery } from "@tanstack/react-query";
import { Icon } from "../../components/icon";
import { STREAMS_HASH, ZULIP_VIEWS } from "../../lib/route";
import { serverQueries } from "../../queries/server-queries";
import { userQueries } from "../../queries/user-queries";
import { shellActions } from "../shell/shell-store";

/** The Inbox with nothing unread: all caught up, a greeting, and where to go next. */
export function InboxEmpty() {
  const settings = useQuery(serverQueries.settings());
  const me = useQuery(userQueries.me());
  const realm = settings.data?.realm_name ?? "Parley";
  // The full name, as Zulip greets: a first name cannot be told from a name's first word.
  const fullName = me.data?.full_name;
  return (
    <div className="home-view">
      <div className="home-card">
        <h2 className="home-title">You have no unread messages</h2>
        <p className="muted">
          {fullName === undefined || fullName === ""
            ? `You are all caught up in ${realm}.`
            : `Welcome, ${fullName}: you are all caught up in ${realm}.`}
        </p>
        <ul className="home-steps">
          <li>
            <a className="home-step" href={ZULIP_VIEWS.recent.hash}>
              <Icon name="clock" size={20} />
              <span>
                <strong>Recent conversations</strong>
                <span className="muted">Every topic and conversation, the latest first.</span>
              </span>
            </a>
          </li>
          <li>
            <a className="home-step" href="#all_messages">
              <Icon name="list" size={20} />
              <span>
                <strong>All messages</strong>
                <span className="muted">Everything in the streams you follow, newest last.</span>
              </span>
            </a>
          </li>
          <li>
            <a className="home-step" href={STREAMS_HASH}>
              <Icon name="hash" size={20} />
              <span>
                <strong>Browse streams</strong>
                <span className="muted">Find streams to join, or create one.</span>
              </span>
            </a>
          </li>
          {/* Not on a touch device, which has no keyboard to use them (shell.css). */}
          <li className="home-step-shortcuts">
            <button
              type="button"
              className="home-step"
              onClick={() => {
                shellActions.openDialog({ kind: "help" });
              }}
            >
              <Icon name="keyboard" size={20} />
              <span>
                <strong>Keyboard shortcuts</strong>
                <span className="muted">
                  Press <kbd>n</kbd> for the next unread topic, <kbd>?</kbd> for all of them.
                </span>
              </span>
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
