import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState, type SyntheticEvent } from "react";
import type { SubscribeResponse, Stream } from "../../../common/wire/streams";
import type { User } from "../../../common/wire/users";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { subscriberQueries } from "../../queries/subscriber-queries";
import { userQueries } from "../../queries/user-queries";
import { useSessionStore } from "../../stores/session-store";
import { errorMessage } from "./error-message";
import { UserPicker } from "./user-picker";
import { useSubscribe, useUnsubscribe } from "../../queries/subscription-mutations";

/** What the last change did, said plainly. */
type Outcome = { readonly isError: boolean; readonly text: string } | null;

function nameList(users: readonly User[]): string {
  return users.map((user) => user.full_name).join(", ");
}

/**
 * "Added Othello to #design. Cordelia was already subscribed." from a subscribe answer, whose
 * keys are emails (or user ids on newer servers).
 */
export function describeAdded(
  response: Pick<SubscribeResponse, "subscribed" | "already_subscribed">,
  chosen: readonly User[],
  streamName: string,
): string {
  const isIn = (record: Record<string, string[]>, user: User) =>
    (record[user.email] ?? record[String(user.user_id)] ?? []).length > 0;
  const added = chosen.filter((user) => isIn(response.subscribed, user));
  const already = chosen.filter((user) => isIn(response.already_subscribed, user));
  const parts: string[] = [];
  if (added.length > 0) parts.push(`Added ${nameList(added)} to #${streamName}.`);
  if (already.length > 0) {
    parts.push(`${nameList(already)} ${already.length === 1 ? "was" : "were"} already subscribed.`);
  }
  return parts.length > 0 ? parts.join(" ") : `No one was added to #${streamName}.`;
}

function AddSubscribers({
  streamName,
  candidates,
  onOutcome,
}: {
  streamName: string;
  candidates: readonly User[];
  onOutcome: (outcome: Outcome) => void;
}) {
  const subscribe = useSubscribe();
  const [chosen, setChosen] = useState<User[]>([]);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    const users = chosen;
    onOutcome(null);
    subscribe.mutate(
      { streamName, principals: users.map((user) => user.email) },
      {
        onSuccess: (response) => {
          setChosen([]);
          onOutcome({ isError: false, text: describeAdded(response, users, streamName) });
        },
        onError: (failure) => {
          onOutcome({
            isError: true,
            text: `Could not add ${nameList(users)} to #${streamName}: ${errorMessage(failure)}`,
          });
        },
      },
    );
  };
  return (
    <form className="add-subscribers" onSubmit={onSubmit}>
      <UserPicker
        label="Add subscribers"
        candidates={candidates}
        chosen={chosen}
        onChange={setChosen}
      />
      <button
        type="submit"
        className="button button-primary"
        disabled={chosen.length === 0 || subscribe.isPending}
      >
        {subscribe.isPending ? "Adding…" : "Add"}
      </button>
    </form>
  );
}

function SubscriberList({
  streamName,
  members,
  ownUserId,
  isBusy,
  onRemove,
}: {
  streamName: string;
  members: readonly User[];
  ownUserId: number | undefined;
  isBusy: boolean;
  onRemove: (user: User) => void;
}) {
  if (members.length === 0) return null;
  return (
    <ul className="subscriber-list" aria-label={`Subscribers of ${streamName}`}>
      {members.map((user) => (
        <li key={user.user_id} className="subscriber" data-user-id={user.user_id}>
          <span className="subscriber-name">
            {user.full_name}
            {user.user_id === ownUserId && <span className="muted"> (you)</span>}
          </span>
          <span className="subscriber-email">{user.email}</span>
          {user.user_id !== ownUserId && (
            <button
              type="button"
              className="button streams-small-button"
              disabled={isBusy}
              aria-label={`Remove ${user.full_name}`}
              onClick={() => {
                onRemove(user);
              }}
            >
              Remove
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A stream's subscribers (when the user is subscribed: the server lists them only then) with
 * "Remove" for others, and "Add subscribers" with a typeahead. The server decides who may do
 * what; its refusals ("Insufficient permission") are shown as it words them.
 */
export function SubscriberSection({
  stream,
  isSubscribed,
}: {
  stream: Stream;
  isSubscribed: boolean;
}) {
  const headingId = useId();
  const ownUserId = useSessionStore((session) => session.credentials?.userId);
  const users = useSnapshotQuery(userQueries.list());
  const subscribers = useQuery({ ...subscriberQueries.byStream(), enabled: isSubscribed });
  const unsubscribe = useUnsubscribe();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const ids = isSubscribed ? subscribers.data?.get(stream.stream_id) : undefined;

  const members = useMemo(() => {
    const byId = new Map((users.data ?? []).map((user) => [user.user_id, user]));
    return (ids ?? [])
      .flatMap((id) => {
        const user = byId.get(id);
        return user === undefined ? [] : [user];
      })
      .sort((a, b) => a.full_name.localeCompare(b.full_name));
  }, [users.data, ids]);
  const candidates = useMemo(() => {
    const subscribed = new Set(ids ?? []);
    return (users.data ?? []).filter(
      (user) => user.is_active !== false && !subscribed.has(user.user_id),
    );
  }, [users.data, ids]);

  const remove = (user: User) => {
    setOutcome(null);
    unsubscribe.mutate(
      { streamName: stream.name, principals: [user.email] },
      {
        onSuccess: (response) => {
          setOutcome(
            response.removed.length > 0
              ? { isError: false, text: `Removed ${user.full_name} from #${stream.name}.` }
              : {
                  isError: false,
                  text: `${user.full_name} was not subscribed to #${stream.name}.`,
                },
          );
        },
        onError: (failure) => {
          setOutcome({
            isError: true,
            text: `Could not remove ${user.full_name} from #${stream.name}: ${errorMessage(failure)}`,
          });
        },
      },
    );
  };

  return (
    <section className="stream-settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="stream-settings-card-title">
        Subscribers{ids === undefined ? "" : ` (${ids.length})`}
      </h2>
      <AddSubscribers streamName={stream.name} candidates={candidates} onOutcome={setOutcome} />
      {outcome !== null && (
        <p
          className={outcome.isError ? "streams-error" : "streams-success"}
          role={outcome.isError ? "alert" : "status"}
        >
          {outcome.text}
        </p>
      )}
      {!isSubscribed && (
        <p className="muted">Only subscribers can see who is subscribed to #{stream.name}.</p>
      )}
      {isSubscribed && subscribers.isPending && <p role="status">Loading subscribers…</p>}
      {isSubscribed && subscribers.isError && (
        <p className="streams-error" role="alert">
          Could not load the subscribers: {errorMessage(subscribers.error)}
        </p>
      )}
      <SubscriberList
        streamName={stream.name}
        members={members}
        ownUserId={ownUserId}
        isBusy={unsubscribe.isPending}
        onRemove={remove}
      />
    </section>
  );
}
