import { escapeAttr, escapeText } from "./escape";
import { charBefore, type InlineMatch, type InlinePattern, type Scan } from "./inline";
import type { RenderContext } from "./types";

const WILDCARDS: ReadonlySet<string> = new Set(["all", "everyone", "stream", "channel"]);
const MENTION_BEFORE = "'\"({[/<";
const STREAM_BEFORE = "'\"(,:<";

function mayStartAfter(previous: string, allowed: string): boolean {
  return previous === "" || /\s/.test(previous) || allowed.includes(previous);
}

interface Lookup {
  usersByName: Map<string, RenderContext["users"][number]>;
  usersById: Map<number, RenderContext["users"][number]>;
  groups: Map<string, RenderContext["groups"][number]>;
  streams: Map<string, RenderContext["streams"][number]>;
}

const lookups = new WeakMap<RenderContext, Lookup>();

/** Name → record maps for one context (built once per context object). */
function lookup(context: RenderContext): Lookup {
  let found = lookups.get(context);
  if (!found) {
    found = { usersByName: new Map(), usersById: new Map(), groups: new Map(), streams: new Map() };
    for (const user of context.users) {
      const key = user.full_name.toLowerCase();
      if (!found.usersByName.has(key)) found.usersByName.set(key, user);
      found.usersById.set(user.id, user);
    }
    for (const group of context.groups) found.groups.set(group.name.toLowerCase(), group);
    for (const stream of context.streams) found.streams.set(stream.name.toLowerCase(), stream);
    lookups.set(context, found);
  }
  return found;
}

/** The text between `**` (or `*`) markers starting at `start`, without `*` inside, or null. */
function starred(scan: Scan, start: number, stars: string): { name: string; end: number } | null {
  if (!scan.text.startsWith(stars, start)) return null;
  const nameStart = start + stars.length;
  const end = scan.text.indexOf("*", nameStart);
  if (end <= nameStart || !scan.text.startsWith(stars, end)) return null;
  return { name: scan.text.slice(nameStart, end), end: end + stars.length };
}

function userMention(scan: Scan, i: number): InlineMatch | null {
  if (!mayStartAfter(charBefore(scan, i), MENTION_BEFORE)) return null;
  const silent = scan.text.charAt(i + 1) === "_";
  const found = starred(scan, i + (silent ? 2 : 1), "**");
  if (!found) return null;
  const { mentions } = scan.env;
  const name = found.name;
  const prefix = silent ? "" : "@";
  const cls = silent ? " silent" : "";
  if (WILDCARDS.has(name) || name === "topic") {
    if (!silent) mentions.wildcard = true;
    const html =
      name === "topic"
        ? `<span class="topic-mention${cls}">${prefix}${name}</span>`
        : `<span class="user-mention${cls}" data-user-id="*">${prefix}${name}</span>`;
    return { start: i, end: found.end, html };
  }
  const user = resolveUser(scan.env.context, name);
  if (!user) return null;
  if (!silent) mentions.users.add(user.id);
  const html = `<span class="user-mention${cls}" data-user-id="${String(user.id)}">${prefix}${escapeText(user.full_name)}</span>`;
  return { start: i, end: found.end, html };
}

function resolveUser(
  context: RenderContext,
  name: string,
): RenderContext["users"][number] | undefined {
  const maps = lookup(context);
  const bar = name.lastIndexOf("|");
  if (bar >= 0 && /^\d{1,15}$/.test(name.slice(bar + 1))) {
    const user = maps.usersById.get(Number(name.slice(bar + 1)));
    const given = name.slice(0, bar);
    return user && (given === "" || given.toLowerCase() === user.full_name.toLowerCase())
      ? user
      : undefined;
  }
  return maps.usersByName.get(name.toLowerCase());
}

function groupMention(scan: Scan, i: number): InlineMatch | null {
  if (!mayStartAfter(charBefore(scan, i), MENTION_BEFORE)) return null;
  const silent = scan.text.charAt(i + 1) === "_";
  const start = i + (silent ? 2 : 1);
  if (scan.text.startsWith("**", start)) return null;
  const found = starred(scan, start, "*");
  if (!found) return null;
  const group = lookup(scan.env.context).groups.get(found.name.toLowerCase());
  if (!group) return null;
  if (!silent) scan.env.mentions.groups.add(group.id);
  const cls = silent ? " silent" : "";
  const html = `<span class="user-group-mention${cls}" data-user-group-id="${String(group.id)}">${silent ? "" : "@"}${escapeText(group.name)}</span>`;
  return { start: i, end: found.end, html };
}

/** Zulip's `hash_util_encode`: percent-encoding with `.` for `%` (and `.` itself encoded). */
function hashEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, "%2E")
    .replace(/%/g, ".");
}

/** `/#narrow/stream/<id>-<slug>` for a stream. */
function streamHref(stream: { id: number; name: string }): string {
  return `/#narrow/stream/${String(stream.id)}-${hashEncode(stream.name.replace(/ /g, "-"))}`;
}

function streamLink(scan: Scan, i: number): InlineMatch | null {
  if (!mayStartAfter(charBefore(scan, i), STREAM_BEFORE)) return null;
  const found = starred(scan, i + 1, "**");
  if (!found) return null;
  const arrow = found.name.indexOf(">");
  const streamName = arrow >= 0 ? found.name.slice(0, arrow) : found.name;
  const stream = lookup(scan.env.context).streams.get(streamName.toLowerCase());
  if (!stream || streamName === "") return null;
  const id = String(stream.id);
  if (arrow < 0) {
    const html = `<a class="stream" data-stream-id="${id}" href="${escapeAttr(streamHref(stream))}">#${escapeText(stream.name)}</a>`;
    return { start: i, end: found.end, html };
  }
  const topic = found.name.slice(arrow + 1);
  const href = `${streamHref(stream)}/topic/${hashEncode(topic)}`;
  const html = `<a class="stream-topic" data-stream-id="${id}" href="${escapeAttr(href)}">#${escapeText(stream.name)} &gt; ${escapeText(topic)}</a>`;
  return { start: i, end: found.end, html };
}

function finderOn(
  needle: string,
  tryAt: (scan: Scan, i: number) => InlineMatch | null,
): InlinePattern["create"] {
  return (scan) => (from) => {
    for (let i = scan.text.indexOf(needle, from); i >= 0; i = scan.text.indexOf(needle, i + 1)) {
      scan.env.budget.charge(1);
      const match = tryAt(scan, i);
      if (match) return match;
    }
    return null;
  };
}

/** `@**Name**`, `@**Name|id**`, `@_**Name**` and the wildcards. */
export const mentionPattern: InlinePattern = {
  name: "usermention",
  trigger: "@",
  create: finderOn("@", userMention),
};
/** `@*group*` and `@_*group*`. */
export const groupMentionPattern: InlinePattern = {
  name: "usergroupmention",
  trigger: "@",
  create: finderOn("@", groupMention),
};
/** `#**stream**` and `#**stream>topic**`. */
export const streamPattern: InlinePattern = {
  name: "stream",
  trigger: "#",
  create: finderOn("#", streamLink),
};
