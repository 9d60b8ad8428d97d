import { useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { Stream, Subscription } from "../../../common/wire/streams";
import { Icon } from "../../components/icon";
import { moveRowFocus } from "../../components/row-focus";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { streamSettingsHash } from "../../lib/route";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { LazyCreateStreamDialog } from "./lazy-create-stream-dialog";
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

/** A card's stream link: the row the arrows move between. */
const CARD_ROW_SELECTOR = ".stream-card-name a";

/** Whether a key press carries no modifier but Shift. */
function isPlain(event: KeyboardEvent<HTMLElement>): boolean {
  return !event.altKey && !event.ctrlKey && !event.metaKey;
}

/**
 * Zulip's keys of its channel settings, on this page: ↑ and ↓ (and j, k, Home, End) move between
 * the streams, ↑ from the first back to the filter box and ↓ from the box into the list; ← and →
 * switch between All, Subscribed and Not subscribed; n creates a stream; and on a stream,
 * Shift+V opens its messages and Shift+S subscribes to it or unsubscribes (the card's own
 * buttons, so their confirmation and refusals stay). Returns whether the key was taken.
 */
function browserKey(
  event: KeyboardEvent<HTMLElement>,
  {
    filterBox,
    show,
    onShow,
    onCreate,
  }: {
    filterBox: HTMLInputElement | null;
    show: BrowserFilter;
    onShow: (show: BrowserFilter) => void;
    onCreate: () => void;
  },
): boolean {
  const target = event.target instanceof Element ? event.target : null;
  const row = target?.closest<HTMLElement>(CARD_ROW_SELECTOR) ?? null;
  if (event.key === "ArrowUp" && isPlain(event) && !event.shiftKey && row !== null) {
    const first = event.currentTarget.querySelector<HTMLElement>(CARD_ROW_SELECTOR);
    if (first === row) {
      filterBox?.focus();
      event.preventDefault();
      return true;
    }
  }
  if (moveRowFocus(event, CARD_ROW_SELECTOR)) return true;
  // Typing, and the radio group's own arrows, stay theirs.
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return false;
  if (!isPlain(event)) return false;
  if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && !event.shiftKey) {
    const at = FILTERS.findIndex((filter) => filter.value === show);
    const step = event.key === "ArrowRight" ? 1 : FILTERS.length - 1;
    const next = FILTERS[(at + step) % FILTERS.length];
    if (next !== undefined) onShow(next.value);
    event.preventDefault();
    return true;
  }
  if (event.key === "n") {
    onCreate();
    event.preventDefault();
    return true;
  }
  const card = target?.closest<HTMLElement>(".stream-card") ?? null;
  if (card === null || (event.key !== "V" && event.key !== "S")) return false;
  const control =
    event.key === "V"
      ? card.querySelector<HTMLElement>(CARD_ROW_SELECTOR)
      : card.querySelector<HTMLElement>(".stream-card-actions button");
  control?.click();
  event.preventDefault();
  return true;
}

/** The filter box and the All / Subscribed / Not subscribed switch. */
function BrowserToolbar({
  text,
  onText,
  show,
  onShow,
  filterRef,
}: {
  text: string;
  onText: (text: string) => void;
  show: BrowserFilter;
  onShow: (show: BrowserFilter) => void;
  filterRef: RefObject<HTMLInputElement | null>;
}) {
  const filterId = useId();
  return (
    <div className="page-toolbar pane-toolbar">
      <label htmlFor={filterId} className="visually-hidden">
        Filter streams
      </label>
      <input
        ref={filterRef}
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
  const filterRef = useRef<HTMLInputElement>(null);
  const unsubscribe = useUnsubscribeFlow();
  const rows = useMemo(
    () => browserRows(streams.data ?? [], subscriptions.data ?? [], text, show),
    [streams.data, subscriptions.data, text, show],
  );

  return (
    // The keys bubble here from the filter box and the cards (Zulip's channel settings keys).
    <section
      className="stream-browser pane-page"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        browserKey(event, {
          filterBox: filterRef.current,
          show,
          onShow: setShow,
          onCreate: () => {
            setCreating(true);
          },
        });
      }}
    >
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
      <BrowserToolbar
        text={text}
        onText={setText}
        show={show}
        onShow={setShow}
        filterRef={filterRef}
      />
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
        <LazyCreateStreamDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {unsubscribe.dialog}
    </section>
  );
}
