import { useId, useState } from "react";
import type { Stream } from "../../../common/wire/streams";
import { Icon } from "../../components/icon";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { STREAMS_HASH, topicsHash } from "../../lib/route";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { errorMessage } from "./error-message";
import { StreamDescription } from "./stream-description";
import { SubscriberSection } from "./subscribers";
import { PersonalSettingsSection } from "./subscription-personal-settings";
import { useUnsubscribeFlow } from "./unsubscribe-dialog";
import { useSubscribe } from "../../queries/subscription-mutations";
import "../../components/page.css";
import "./pane-layout.css";
import "./streams.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

function AboutSection({ stream }: { stream: Stream }) {
  const headingId = useId();
  return (
    <section className="stream-settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="stream-settings-card-title">
        About
      </h2>
      <dl className="stream-settings-facts">
        <dt>Name</dt>
        <dd>{stream.name}</dd>
        <dt>Description</dt>
        <dd>
          <StreamDescription stream={stream} />
        </dd>
        <dt>Privacy</dt>
        <dd className="stream-settings-privacy">
          {stream.invite_only ? (
            <>
              <Icon name="lock" size={14} />
              Private: only subscribers see its messages, and they add new members.
            </>
          ) : (
            <>
              <Icon name="hash" size={14} />
              Public: anyone in the organisation can read it and join.
            </>
          )}
        </dd>
        {stream.date_created !== undefined && (
          <>
            <dt>Created</dt>
            <dd>{dateFormat.format(new Date(stream.date_created * 1000))}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function MembershipSection({ stream, isSubscribed }: { stream: Stream; isSubscribed: boolean }) {
  const headingId = useId();
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribeFlow();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="stream-settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="stream-settings-card-title">
        Your subscription
      </h2>
      <div className="stream-settings-membership">
        <p>
          {isSubscribed
            ? `You are subscribed to #${stream.name}.`
            : `You are not subscribed to #${stream.name}.`}
        </p>
        {isSubscribed ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              unsubscribe.request(stream);
            }}
          >
            Unsubscribe
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={subscribe.isPending}
            onClick={() => {
              setError(null);
              subscribe.mutate(
                { streamName: stream.name },
                {
                  onError: (failure) => {
                    setError(`Could not subscribe to #${stream.name}: ${errorMessage(failure)}`);
                  },
                },
              );
            }}
          >
            Subscribe
          </button>
        )}
      </div>
      {error !== null && (
        <p className="streams-error" role="alert">
          {error}
        </p>
      )}
      {unsubscribe.dialog}
    </section>
  );
}

/**
 * One stream's settings page: what it is (name, description, privacy), the user's own
 * subscription and its personal settings (mute, pin, colour, notifications), and its subscribers (add with a typeahead; remove others, which the server
 * allows administrators).
 */
export function StreamSettings({ streamId, streamName }: { streamId: number; streamName: string }) {
  const headingId = useId();
  const streams = useSnapshotQuery(streamQueries.list());
  const subscriptions = useSnapshotQuery(subscriptionQueries.list());
  const subscription = subscriptions.data?.find((sub) => sub.stream_id === streamId);
  const stream: Stream | undefined =
    streams.data?.find((entry) => entry.stream_id === streamId) ?? subscription;
  const name = stream?.name ?? streamName;
  const isLoading = stream === undefined && (streams.isPending || subscriptions.isPending);

  return (
    <section className="stream-settings pane-page" aria-labelledby={headingId}>
      <header className="pane-header">
        <div>
          <h1 id={headingId} className="pane-title">
            #{name}
          </h1>
          <p className="page-intro">Stream settings</p>
        </div>
        <div className="pane-header-links">
          {stream !== undefined && (
            <>
              <a href={narrowToHash(streamNarrow(streamId, name))}>Messages</a>
              <a href={topicsHash(streamId, name)}>Topics</a>
            </>
          )}
          <a href={STREAMS_HASH}>All streams</a>
        </div>
      </header>
      {isLoading && (
        <p className="pane-state" role="status">
          Loading…
        </p>
      )}
      {!isLoading && stream === undefined && (
        <div className="pane-state" role="alert">
          <p>#{streamName} does not exist, or it is private and you are not subscribed to it.</p>
          {streams.isError && <p>Could not load the streams: {errorMessage(streams.error)}</p>}
        </div>
      )}
      {stream !== undefined && (
        <div className="stream-settings-body">
          <AboutSection stream={stream} />
          <MembershipSection stream={stream} isSubscribed={subscription !== undefined} />
          {subscription !== undefined && <PersonalSettingsSection subscription={subscription} />}
          <SubscriberSection stream={stream} isSubscribed={subscription !== undefined} />
        </div>
      )}
    </section>
  );
}
