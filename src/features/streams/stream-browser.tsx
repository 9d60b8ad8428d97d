import { useId, useMemo, useState } from "react";
import type { Stream, Subscription } from "../../../common/wire/streams";
import { Icon } from "../../components/icon";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { streamSettingsHash } from "../../lib/route";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { CreateStreamDialog } from "./create-stream-dialog";
import { errorMessage } from "./error-message";
import { browserRows, type BrowserFilter } from "./stream-browser-rows";
import { streamColor } from "./stream-color";
import { StreamDescription } from "./stream-description";
import { useUnsubscribeFlow, type StreamToLeave } from "./unsubscribe-dialog";
import { useSubscribe } from "../../queries/subscription-mutations";
import "../../components/page.css";
import "./pane-layout.css";
import "./streams.css";

const FILTERS: readonly { value: BrowserFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "subscribed", label: "Subscribed" },
  { value: "unsubscribed", label: "Not subscribed" },
];

function StreamCard({
  stream,
  subscription,
  onUnsubscribe,
}: {
  stream: Stream;
  subscription: Subscription | undefined;
  onUnsubscribe: (stream: StreamToLeave) => void;
}) {
  const subscribe = useSubscribe();
  const [error, setError] = useState<string | null>(null);
  const color = streamColor(subscription?.color);
  const { name } = stream;
  return (
    <li className="stream-card" data-stream-id={stream.stream_id}>
      <div className="stream-card-main">
        <h2 className="stream-card-name">
          <span
            className="stream-dot"
            style={color === undefined ? undefined : { backgroundColor: color }}
            aria-hidden="true"
          />
          <a href={narrowToHash(streamNarrow(stream.stream_id, name))}>{name}</a>
          {stream.invite_only && (
            <span className="stream-badge">
              <Icon name="lock" size={12} />
              Private
            </span>
          )}
          {subscription !== undefined && (
            <span className="stream-badge stream-badge-subscribed">Subscribed</span>
          )}
        </h2>
        <StreamDescription stream={stream} />
        {error !== null && (
          <p className="streams-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="stream-card-actions">
        <a
          className="button"
          href={streamSettingsHash(stream.stream_id, name)}
          aria-label={`Settings of ${name}`}
        >
          Settings
        </a>
        {subscription === undefined ? (
          <button
            type="button"
            className="button button-primary"
            disabled={subscribe.isPending}
            aria-label={`Subscribe to ${name}`}
            onClick={() => {
              setError(null);
              subscribe.mutate(
                { streamName: name },
                {
                  onError: (failure) => {
                    setError(`Could not subscribe to #${name}: ${errorMessage(failure)}`);
                  },
                },
              );
            }}
          >
            {subscribe.isPending ? "Subscribing…" : "Subscribe"}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            aria-label={`Unsubscribe from ${name}`}
            onClick={() => {
              onUnsubscribe(stream);
            }}
          >
            Unsubscribe
          </button>
        )}
      </div>
    </li>
  );
}

/** The filter box and the All / Subscribed / Not subscribed switch. */
function BrowserToolbar({
  text,
  onText,
  show,
  onShow,
}: {
  text: string;
  onText: (text: string) => void;
  show: BrowserFilter;
  onShow: (show: BrowserFilter) => void;
}) {
  const filterId = useId();
  return (
    <div className="page-toolbar pane-toolbar">
      <label htmlFor={filterId} className="visually-hidden">
        Filter streams
      </label>
      <input
        id={filterId}
        type="search"
        className="page-filter"
        placeholder="Filter streams"
        value={text}
        onChange={(event) => {
          onText(event.target.value);
        }}
      />
      <fieldset className="streams-segmented">
        <legend className="visually-hidden">Show</legend>
        {FILTERS.map((filter) => (
          <label key={filter.value} className="streams-segmented-option">
            <input
              type="radio"
              name="stream-browser-show"
              value={filter.value}
              checked={show === filter.value}
              onChange={() => {
                onShow(filter.value);
              }}
            />
            <span>{filter.label}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/**
 * Every stream the user may see, with descriptions, a filter, subscribe and unsubscribe
 * buttons, links to each stream's settings, and "Create stream".
 */
export function StreamBrowser() {
  const headingId = useId();
  const streams = useSnapshotQuery(streamQueries.list());
  const subscriptions = useSnapshotQuery(subscriptionQueries.list());
  const [text, setText] = useState("");
  const [show, setShow] = useState<BrowserFilter>("all");
  const [isCreating, setCreating] = useState(false);
  const unsubscribe = useUnsubscribeFlow();
  const rows = useMemo(
    () => browserRows(streams.data ?? [], subscriptions.data ?? [], text, show),
    [streams.data, subscriptions.data, text, show],
  );

  return (
    <section className="stream-browser pane-page" aria-labelledby={headingId}>
      <header className="pane-header">
        <div>
          <h1 id={headingId} className="pane-title">
            Streams
          </h1>
          <p className="page-intro">Find streams to follow, or start a new one.</p>
        </div>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            setCreating(true);
          }}
        >
          Create stream
        </button>
      </header>
      <BrowserToolbar text={text} onText={setText} show={show} onShow={setShow} />
      {streams.isPending && (
        <p className="pane-state" role="status">
          Loading streams…
        </p>
      )}
      {streams.isError && (
        <div className="pane-state error" role="alert">
          <p>Could not load the streams: {errorMessage(streams.error)}</p>
          <button type="button" className="button" onClick={() => void streams.refetch()}>
            Try again
          </button>
        </div>
      )}
      {streams.isSuccess && rows.length === 0 && (
        <p className="pane-state">
          {text.trim() === "" ? "No streams to show." : `No stream matches “${text.trim()}”.`}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="stream-cards" aria-label="Streams">
          {rows.map(({ stream, subscription }) => (
            <StreamCard
              key={stream.stream_id}
              stream={stream}
              subscription={subscription}
              onUnsubscribe={unsubscribe.request}
            />
          ))}
        </ul>
      )}
      {isCreating && (
        <CreateStreamDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {unsubscribe.dialog}
    </section>
  );
}
