import { compileLinkifier, topicLinks } from "../../../common/markdown/linkifiers";
import {
  checkPattern,
  checkUrlTemplate,
  type PatternCheck,
} from "../../../common/markdown/linkifier-rules";

/*
 * The form's checks before sending: the server's own rules (markdown/linkifier-rules.ts, the copy
 * the server applies, with its messages) so each error shows beside its field, plus one of the
 * renderer's. The server still has the last word (its refusal is shown inline too).
 */

/** What is wrong with a draft linkifier, per field; empty when the server should accept it. */
export interface LinkifierErrors {
  pattern?: string;
  url_template?: string;
}

/**
 * The server's pattern check, and one more: the renderer has tighter limits of its own
 * (markdown/linkifiers.ts) and would skip a pattern beyond them in every message, so the form
 * refuses it although the server would take it.
 */
export function checkRenderablePattern(pattern: string): PatternCheck {
  const checked = checkPattern(pattern);
  if ("error" in checked) return checked;
  if (compileLinkifier({ id: 0, pattern, url_template: "https://example.com" }) === null) {
    return { error: "Bad regular expression: too long or too repetitive for messages" };
  }
  return checked;
}

/**
 * Every error of a draft, field by field. The template is checked against the pattern's groups
 * only once the pattern is valid (before that, which groups it has is unknown).
 */
export function validateLinkifier(pattern: string, urlTemplate: string): LinkifierErrors {
  const checked = checkRenderablePattern(pattern);
  if ("error" in checked) {
    const templateError = urlTemplate === "" ? "This field cannot be blank." : undefined;
    return templateError === undefined
      ? { pattern: checked.error }
      : { pattern: checked.error, url_template: templateError };
  }
  const templateError = checkUrlTemplate(urlTemplate, checked.groups)?.error;
  return templateError === undefined ? {} : { url_template: templateError };
}

/** True when a draft has no error. */
export function isValidLinkifier(errors: LinkifierErrors): boolean {
  return errors.pattern === undefined && errors.url_template === undefined;
}

/**
 * The links a draft linkifier makes of `sample`, as the renderer makes topic links (its matching
 * rules: a match must start a word and end before a letter or digit). Bare URLs in the sample,
 * which are linked whatever the linkifier, are left out.
 */
export function tryLinkifier(
  sample: string,
  pattern: string,
  urlTemplate: string,
): { text: string; url: string }[] {
  const draft = [{ id: -1, pattern, url_template: urlTemplate }];
  const plain = new Set(topicLinks(sample, []).map((link) => `${link.text}\n${link.url}`));
  return topicLinks(sample, draft).filter((link) => !plain.has(`${link.text}\n${link.url}`));
}
