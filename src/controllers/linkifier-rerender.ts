import type { StoreApi } from "zustand/vanilla";
import { getMessage } from "../api/messages";
import type { RenderContext } from "../../common/markdown/types";
import { loadEchoRenderer, type EchoRenderer } from "./echo-render";
// Types only: the matcher itself (and RE2 with it) is loaded on demand, below.
import type { LinkifierRule, TextMatcher } from "./linkifier-matcher";
import { messageStore, type MessageStoreState } from "../stores/message-store";
import { sessionStore } from "../stores/session-store";

/** What re-rendering after a linkifier change uses; injectable for tests. */
export interface LinkifierRerenderDeps {
  readonly store: StoreApi<MessageStoreState>;
  /** Builds a matcher for some linkifiers (loaded on demand: RE2 lives in the renderer's chunk). */
  readonly loadMatcher: () => Promise<(linkifiers: readonly LinkifierRule[]) => TextMatcher>;
  readonly loadRenderer: () => Promise<Pick<EchoRenderer, "renderMessage">>;
  /** The message's Markdown source (`GET messages/{id}`, `apply_markdown=false`). */
  readonly fetchRawContent: (messageId: number) => Promise<string>;
  /** The organisation as the renderer needs it, read when each message is rendered. */
  readonly renderContext: () => RenderContext;
  /** Lets the page breathe between slices of the scan (a macrotask in the app). */
  readonly yieldToPage: () => Promise<void>;
}

/** At most this many messages are re-rendered per change (each costs a request). */
export const MAX_RERENDERED = 100;
/** At most this many loaded messages, newest first, are scanned per change. */
const MAX_SCANNED = 5000;
const SCAN_SLICE = 250;
/** Source fetches in flight at once. */
const PARALLEL_FETCHES = 4;

function sameRule(a: LinkifierRule, b: LinkifierRule): boolean {
  return a.id === b.id && a.pattern === b.pattern && a.url_template === b.url_template;
}

/**
 * The linkifiers added, removed or changed between two lists (a changed one appears in both
 * forms, so text matching either its old or its new pattern counts), and those kept whose place
 * among the other kept ones changed (`PATCH realm/linkifiers`: of two overlapping linkifiers the
 * earlier links the text).
 */
export function changedLinkifiers(
  previous: readonly LinkifierRule[],
  next: readonly LinkifierRule[],
): LinkifierRule[] {
  const removed = previous.filter((old) => !next.some((rule) => sameRule(old, rule)));
  const added = next.filter((rule) => !previous.some((old) => sameRule(old, rule)));
  const keptBefore = previous.filter((old) => !removed.includes(old));
  const keptAfter = next.filter((rule) => !added.includes(rule));
  const moved = keptAfter.filter((rule, index) => keptBefore[index]?.id !== rule.id);
  return [...removed, ...added, ...moved];
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/**
 * The text of message HTML, near enough to find what a linkifier matches: tags become spaces,
 * the common entities and numeric references are decoded. A match only selects a message for
 * re-rendering, which then starts from the Markdown source, so a near miss costs a request only.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

/**
 * The loaded messages a linkifier change may affect: server messages (not echoes) whose text
 * matches, newest first, at most `MAX_RERENDERED`, looking at the newest `MAX_SCANNED` only.
 */
async function affectedMessageIds(
  store: StoreApi<MessageStoreState>,
  matches: TextMatcher,
  yieldToPage: () => Promise<void>,
): Promise<number[]> {
  const ids = [...store.getState().data.messages.keys()]
    .filter((id) => id > 0)
    .sort((a, b) => b - a)
    .slice(0, MAX_SCANNED);
  const affected: number[] = [];
  for (let start = 0; start < ids.length && affected.length < MAX_RERENDERED; start += SCAN_SLICE) {
    if (start > 0) await yieldToPage();
    for (const id of ids.slice(start, start + SCAN_SLICE)) {
      const message = store.getState().data.messages.get(id);
      if (message !== undefined && matches(htmlText(message.content))) affected.push(id);
      if (affected.length >= MAX_RERENDERED) break;
    }
  }
  return affected;
}

/**
 * Re-renders one message from its Markdown source with the current organisation (linkifiers
 * included), and puts the HTML in the store as a rendering-only update does. Skipped if the
 * message changed or left meanwhile (an edit's own HTML is newer than ours).
 */
async function rerenderOne(
  deps: LinkifierRerenderDeps,
  renderer: Pick<EchoRenderer, "renderMessage">,
  messageId: number,
): Promise<void> {
  const before = deps.store.getState().data.messages.get(messageId)?.content;
  const raw = await deps.fetchRawContent(messageId);
  const current = deps.store.getState().data.messages.get(messageId);
  if (current === undefined || current.content !== before) return;
  const result = renderer.renderMessage(raw, deps.renderContext());
  if (result.html === current.content) return;
  deps.store.getState().messageUpdated({
    message_id: messageId,
    message_ids: [messageId],
    rendering_only: true,
    rendered_content: result.html,
    is_me_message: result.isMeMessage,
  });
}

/**
 * After the linkifier list changed from `previous` to `next`: the loaded messages whose text
 * matches an added, removed or changed pattern are re-rendered, so links appear or go at once
 * (as Zulip does not: its server keeps the HTML rendered at send time, which a reload shows
 * again). One failure (deleted message, network) skips that message only. Resolves to the ids
 * re-rendered or tried.
 */
export async function rerenderForLinkifierChange(
  deps: LinkifierRerenderDeps,
  previous: readonly LinkifierRule[],
  next: readonly LinkifierRule[],
): Promise<number[]> {
  const changed = changedLinkifiers(previous, next);
  if (changed.length === 0 || deps.store.getState().data.messages.size === 0) return [];
  const matches = (await deps.loadMatcher())(changed);
  const ids = await affectedMessageIds(deps.store, matches, deps.yieldToPage);
  if (ids.length === 0) return [];
  const renderer = await deps.loadRenderer();
  for (let start = 0; start < ids.length; start += PARALLEL_FETCHES) {
    await Promise.all(
      ids.slice(start, start + PARALLEL_FETCHES).map((id) =>
        rerenderOne(deps, renderer, id).catch(() => {
          // The message may be gone or the network down: it keeps the HTML it has.
        }),
      ),
    );
  }
  return ids;
}

/** The app's store, client and renderer, with the render context the caller reads. */
export function appRerenderDeps(renderContext: () => RenderContext): LinkifierRerenderDeps {
  return {
    store: messageStore,
    loadMatcher: () => import("./linkifier-matcher").then((module) => module.linkifierMatcher),
    loadRenderer: loadEchoRenderer,
    fetchRawContent: async (messageId) => {
      const client = sessionStore.getState().client;
      const response = await getMessage(client, { message_id: messageId, apply_markdown: false });
      return response.raw_content ?? response.message.content;
    },
    renderContext,
    yieldToPage: () =>
      new Promise((resolve) => {
        setTimeout(resolve, 0);
      }),
  };
}
