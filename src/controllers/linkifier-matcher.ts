import { compileLinkifier } from "../../common/markdown/linkifiers";

/** A linkifier as the renderer takes it. */
export interface LinkifierRule {
  readonly id: number;
  readonly pattern: string;
  readonly url_template: string;
}

/** Tells whether a text may contain a match of any of the linkifiers it was built for. */
export type TextMatcher = (text: string) => boolean;

/**
 * A test of whether a text contains a match of any of `linkifiers` (each pattern alone, without
 * the renderer's word-boundary rules: a superset of what gets linked). Loaded on demand, since
 * it brings RE2. Patterns the renderer cannot compile never link, so they never match.
 */
export function linkifierMatcher(linkifiers: readonly LinkifierRule[]): TextMatcher {
  const compiled = linkifiers.flatMap((linkifier) => compileLinkifier(linkifier) ?? []);
  return (text) => compiled.some((linkifier) => linkifier.plain.test(text));
}
