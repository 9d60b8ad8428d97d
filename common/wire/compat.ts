/**
 * Compatibility with older (and newer) Zulip servers, applied at the API boundary so the rest of
 * the client sees one shape: today's. Every `normalize…Wire` function takes the wire value
 * *before* zod parses it (they run as `z.preprocess` steps) and leaves values that are already in
 * the new shape, and anything it does not recognise, untouched; zod then judges the result.
 * Message normalisers: `normalizeMessageWire`, `normalizeUpdateMessageEventWire` and
 * `normalizeSnapshotWire` in types/message.ts.
 *
 * Each branch names the feature level (FL) that made it unnecessary. Zulip 3.0 is FL 1; a
 * server without `zulip_feature_level` is older still (FL 0).
 */

/** The feature levels the client's compatibility branches depend on. */
export const FEATURE_LEVEL = {
  /** `topic_links` became `[{text, url}]` (before: a list of URLs; ≤ 2.1: `subject_links`). */
  topicLinkObjects: 46,
  /** Edit history snapshots say `prev_topic` (before: `prev_subject`). */
  editHistoryTopic: 118,
  /** Linkifiers take and give RFC 6570 `url_template` (before: `url_format_string`). */
  linkifierUrlTemplate: 176,
} as const;

type WireObject = Record<string, unknown>;

function isWireObject(value: unknown): value is WireObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// The message normalisers (`topic_links`, `prev_topic`) live beside the schemas that run them,
// in types/message.ts, since the server's build shares that folder but not this file.

/**
 * A linkifier (`GET /realm/linkifiers`, `realm_linkifiers`) in today's shape. An old server's
 * `url_format_string` (`%(id)s`) becomes `url_template` as is: the renderer expands both forms
 * (common/markdown/linkifiers.ts), so no conversion is needed (or possible in general).
 */
export function normalizeLinkifierWire(raw: unknown): unknown {
  if (!isWireObject(raw)) return raw;
  const format = raw["url_format_string"];
  // COMPAT(FL <176): linkifiers had url_format_string; remove when the oldest supported server is FL ≥ 176
  if (raw["url_template"] === undefined && typeof format === "string") {
    return { ...raw, url_template: format };
  }
  return raw;
}

/** A linkifier in the client's shape. */
export interface CompatLinkifier {
  id: number;
  pattern: string;
  url_template: string;
}

/**
 * The linkifiers of an old server's `realm_filters` tuples (`[pattern, format, id]`: register
 * without the `linkifier_url_template` capability, or FL < 176), in the client's shape.
 */
export function linkifiersFromFilters(
  filters: readonly (readonly [string, string, number])[],
): CompatLinkifier[] {
  // COMPAT(FL <176): realm_filters tuples; remove when the oldest supported server is FL ≥ 176
  return filters.map(([pattern, url_template, id]) => ({ id, pattern, url_template }));
}

/**
 * The parameters of `POST /realm/filters` for a server at `featureLevel`: `url_template` from
 * FL 176; before, `url_format_string`, converted from the template's simple `{name}`
 * variables. A template using other RFC 6570 expressions cannot be converted: undefined.
 */
export function linkifierWriteParams(
  featureLevel: number,
  linkifier: { pattern: string; url_template: string },
):
  | { pattern: string; url_template: string }
  | { pattern: string; url_format_string: string }
  | undefined {
  if (featureLevel >= FEATURE_LEVEL.linkifierUrlTemplate) return linkifier;
  // COMPAT(FL <176): adding took url_format_string (`%(name)s`); remove when the oldest supported server is FL ≥ 176
  const expressions = linkifier.url_template.match(/\{[^}]*\}/g) ?? [];
  if (expressions.some((expression) => !/^\{[A-Za-z_]\w*\}$/.test(expression))) return undefined;
  if (/%/.test(linkifier.url_template.replace(/\{[A-Za-z_]\w*\}/g, ""))) {
    // A literal % would be read as a format directive.
    return undefined;
  }
  return {
    pattern: linkifier.pattern,
    url_format_string: linkifier.url_template.replace(/\{([A-Za-z_]\w*)\}/g, "%($1)s"),
  };
}

/**
 * `server_settings` or `register` with a feature level: servers older than Zulip 3.0 send none,
 * which means FL 0.
 */
export function normalizeFeatureLevelWire(raw: unknown): unknown {
  if (!isWireObject(raw) || raw["zulip_feature_level"] !== undefined) return raw;
  // COMPAT(FL <1): Zulip ≤ 2.1 sent no zulip_feature_level; remove when the oldest supported server is FL ≥ 1
  return { ...raw, zulip_feature_level: 0 };
}
