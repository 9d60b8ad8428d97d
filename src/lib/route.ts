import { decodeHashComponent, encodeHashComponent, narrowFromHash, type Narrow } from "./narrow";

/**
 * What the URL hash shows in the centre column: a narrow (Zulip's `#narrow/...` and
 * `#all_messages`), a stream's topic list, the stream browser, a stream's settings, or one of
 * Zulip's views (`#inbox`, `#recent`, `#drafts`). Anything else (an empty hash included) is
 * `home`, which shows the user's home view.
 */
export type Route =
  | { readonly kind: "narrow"; readonly narrow: Narrow }
  | { readonly kind: "topics"; readonly streamId: number; readonly streamName: string }
  | { readonly kind: "streams" }
  | { readonly kind: "stream-settings"; readonly streamId: number; readonly streamName: string }
  | { readonly kind: OrganizationPage }
  | { readonly kind: ZulipView }
  | { readonly kind: "home" };

/** Zulip's views that are not narrows, with their hashes. */
export const ZULIP_VIEWS = {
  inbox: { hash: "#inbox", title: "Inbox" },
  recent: { hash: "#recent", title: "Recent conversations" },
  drafts: { hash: "#drafts", title: "Drafts" },
} as const;

export type ZulipView = keyof typeof ZULIP_VIEWS;

/** The hashes of Zulip's views; `#recent_topics` is Zulip's older name of `#recent`. */
function zulipView(hash: string): ZulipView | undefined {
  switch (hash.replace(/^#/, "").replace(/\/$/, "")) {
    case "inbox":
      return "inbox";
    case "recent":
    case "recent_topics":
      return "recent";
    case "drafts":
      return "drafts";
    default:
      return undefined;
  }
}

/** The organisation's pages and the user's account, with Zulip's hashes. */
export const ORGANIZATION_PAGES = {
  linkifiers: { hash: "#organization/linkifier-settings", title: "Linkifiers" },
  emoji: { hash: "#organization/emoji-settings", title: "Custom emoji" },
  groups: { hash: "#organization/user-groups", title: "User groups" },
  users: { hash: "#organization/users", title: "Users" },
  account: { hash: "#settings/account-and-privacy", title: "Your account" },
  uploads: { hash: "#settings/uploaded-files", title: "Your uploaded files" },
} as const;

export type OrganizationPage = keyof typeof ORGANIZATION_PAGES;

const PAGE_NAMES: readonly OrganizationPage[] = [
  "linkifiers",
  "emoji",
  "groups",
  "users",
  "account",
  "uploads",
];

function organizationPage(hash: string): OrganizationPage | undefined {
  const normalized = `#${hash.replace(/^#/, "").replace(/\/$/, "")}`;
  return PAGE_NAMES.find((page) => ORGANIZATION_PAGES[page].hash === normalized);
}

/** `#topics/stream/12-general`: a stream's topics, newest first. */
export function topicsHash(streamId: number, streamName: string): string {
  return `#topics/stream/${encodeHashComponent(`${streamId}-${streamName}`)}`;
}

/** `#streams/all`: every stream the user may see, with a filter and subscribe buttons. */
export const STREAMS_HASH = "#streams/all";

/** `#streams/12-general`: one stream's settings (subscribers, subscribe others, unsubscribe). */
export function streamSettingsHash(streamId: number, streamName: string): string {
  return `#streams/${encodeHashComponent(`${streamId}-${streamName}`)}`;
}

function streamSlug(slug: string | undefined): { streamId: number; streamName: string } | null {
  const text = slug === undefined ? undefined : decodeHashComponent(slug);
  const match = text === undefined ? null : /^(\d+)-(.*)$/s.exec(text);
  return match === null ? null : { streamId: Number(match[1]), streamName: match[2] ?? "" };
}

/** Parses `location.hash` (with or without `#`). */
export function routeFromHash(hash: string): Route {
  const narrow = narrowFromHash(hash);
  if (narrow !== undefined) return { kind: "narrow", narrow };
  const page = organizationPage(hash);
  if (page !== undefined) return { kind: page };
  const view = zulipView(hash);
  if (view !== undefined) return { kind: view };
  const parts = hash.replace(/^#/, "").split("/");
  const [head, second, third, ...rest] = parts;
  if (head === "topics" && second === "stream" && rest.length === 0) {
    const stream = streamSlug(third);
    if (stream !== null) return { kind: "topics", ...stream };
  }
  if (head === "streams" && third === undefined) {
    if (second === "all") return { kind: "streams" };
    const stream = streamSlug(second);
    if (stream !== null) return { kind: "stream-settings", ...stream };
  }
  return { kind: "home" };
}
