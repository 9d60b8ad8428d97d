import type { Stream, Subscription } from "../../../common/wire/streams";

/** Which streams the browser lists. */
export type BrowserFilter = "all" | "subscribed" | "unsubscribed";

/** One stream of the browser, with the user's subscription to it if any. */
export interface BrowserRow {
  readonly stream: Stream;
  readonly subscription: Subscription | undefined;
}

/**
 * The streams the browser lists, by name: every visible stream (and every subscribed one, in
 * case the stream list lags behind), those matching `text` in name or description, and only
 * subscribed or unsubscribed ones when asked.
 */
export function browserRows(
  streams: readonly Stream[],
  subscriptions: readonly Subscription[],
  text: string,
  show: BrowserFilter,
): BrowserRow[] {
  const bySubscription = new Map(subscriptions.map((sub) => [sub.stream_id, sub]));
  const all = new Map<number, Stream>(subscriptions.map((sub) => [sub.stream_id, sub]));
  for (const stream of streams) all.set(stream.stream_id, stream);
  const query = text.trim().toLowerCase();
  return [...all.values()]
    .map((stream) => ({ stream, subscription: bySubscription.get(stream.stream_id) }))
    .filter(({ subscription }) =>
      show === "all" ? true : (subscription !== undefined) === (show === "subscribed"),
    )
    .filter(
      ({ stream }) =>
        query === "" ||
        stream.name.toLowerCase().includes(query) ||
        stream.description.toLowerCase().includes(query),
    )
    .sort((a, b) => a.stream.name.localeCompare(b.stream.name));
}
