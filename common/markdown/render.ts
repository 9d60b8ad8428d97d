/**
 * The shared Markdown renderer (server `rendered_content`, client local echo and preview):
 * Zulip's Markdown dialect, as pure functions (no DOM, no Node APIs).
 */
import { renderLines } from "./blocks";
import { Budget } from "./budget";
import { escapeText } from "./escape";
import type { InlineEnv, InlinePattern } from "./inline";
import { inlinePatterns } from "./inline-patterns";
import { compileLinkifiers, linkifierPattern } from "./linkifiers";
import { addInlinePreviews } from "./previews";
import { EMPTY_RENDER_CONTEXT, type RenderContext, type RenderResult } from "./types";

export { escapeHtml } from "./escape";
export { topicLinks } from "./linkifiers";
export { EMPTY_RENDER_CONTEXT, type RenderContext, type RenderResult } from "./types";

const patternCache = new WeakMap<RenderContext["linkifiers"], InlinePattern[]>();

/** The inline patterns for a linkifier list (compiled once per list). */
function patternsFor(context: RenderContext): InlinePattern[] {
  let patterns = patternCache.get(context.linkifiers);
  if (!patterns) {
    patterns = inlinePatterns(compileLinkifiers(context.linkifiers).map(linkifierPattern));
    patternCache.set(context.linkifiers, patterns);
  }
  return patterns;
}

/** Zulip's whole-message clean-up: newlines normalised, blank lines at the ends dropped. */
function normalise(content: string): string[] {
  // Placeholder characters are the renderer's own: never taken from the message.
  const lines = content
    // eslint-disable-next-line no-control-regex -- removing exactly these control characters
    .replace(/[\u0002\u0003]/g, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  let first = 0;
  let last = lines.length;
  while (first < last && (lines[first] ?? "").trim() === "") first++;
  while (last > first && (lines[last - 1] ?? "").trim() === "") last--;
  return lines.slice(first, last);
}

/** Escaped text in one paragraph: what a message becomes past the work budget. */
export function degradedHtml(content: string): string {
  const text = content.trim();
  return text === "" ? "" : `<p>${escapeText(text).replace(/\n/g, "<br>\n")}</p>`;
}

/** Renders a message: HTML plus the mentions and `/me` status it carries. Never throws. */
export function renderMessage(content: string, context: RenderContext): RenderResult {
  return renderWithBudget(content, context, new Budget());
}

/** `renderMessage` under a given budget (tests use small ones). */
export function renderWithBudget(
  content: string,
  context: RenderContext,
  budget: Budget,
): RenderResult {
  const env: InlineEnv = {
    context,
    budget,
    mentions: { users: new Set(), groups: new Set(), wildcard: false },
    patterns: patternsFor(context),
    stash: [],
  };
  let html: string;
  try {
    html = addInlinePreviews(renderLines(env, normalise(content), 0), context, budget);
  } catch {
    // Past the budget (BudgetExceeded), or on stack exhaustion or any bug: escaped text.
    html = degradedHtml(content);
    env.mentions = { users: new Set(), groups: new Set(), wildcard: false };
  }
  return {
    html,
    mentionedUserIds: [...env.mentions.users],
    mentionedGroupIds: [...env.mentions.groups],
    hasWildcardMention: env.mentions.wildcard,
    isMeMessage: /^\/me\s/.test(content) && html.startsWith("<p>/me ") && !html.includes("</p>\n"),
  };
}

/** The HTML of `renderMessage`. */
export function renderMarkdown(
  content: string,
  context: RenderContext = EMPTY_RENDER_CONTEXT,
): string {
  return renderMessage(content, context).html;
}
