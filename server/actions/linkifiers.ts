import type { EventWithoutId } from "../../common/wire/events";
import type { Linkifier, OldFilter } from "../../common/wire/realm";
import type { AppContext } from "../context";
import type { Queryable } from "../db/database";
import {
  deleteLinkifier,
  findLinkifierByPattern,
  insertLinkifier,
  listLinkifiers,
  reorderLinkifierRows,
  updateLinkifierRow,
  type LinkifierRow,
} from "../db/realm";
import { isAdministrator, type UserRow } from "../db/users";
import type { EventQueue } from "../events/event-queue";
import { ApiError } from "../http/errors";
import {
  checkPattern,
  checkUrlTemplate,
  formatStringToTemplate,
  templateToFormatString,
} from "./linkifier-rules";

export interface NewLinkifier {
  pattern: string;
  /** RFC 6570 template (`{id}`), Zulip's parameter since FL 176. */
  urlTemplate: string | undefined;
  /** [OLD] `%(id)s` format string, the spec's parameter; used when no template is given. */
  urlFormatString: string | undefined;
}

const CAPABILITY_URL_TEMPLATE = "linkifier_url_template";

/** 400 `UNAUTHORIZED_PRINCIPAL`, Zulip's `require_realm_admin`. */
export function requireAdministrator(user: UserRow): void {
  if (!isAdministrator(user)) {
    throw new ApiError("Must be an organization administrator", { code: "UNAUTHORIZED_PRINCIPAL" });
  }
}

function duplicatePattern(): ApiError {
  const msg = "Linkifier with this Pattern and Realm already exists.";
  return new ApiError(msg, { extra: { errors: { __all__: [msg] } } });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

/** A linkifier as `GET /realm/linkifiers` and `realm_linkifiers` carry it. */
function formatLinkifier(row: LinkifierRow): Linkifier {
  return { id: row.id, pattern: row.pattern, url_template: row.url_template };
}

/** The [OLD] tuple of `GET /realm/filters` and `realm_filters`: pattern, `%(x)s` string, id. */
function oldFilter(row: LinkifierRow): OldFilter {
  return [row.pattern, templateToFormatString(row.url_template), row.id];
}

/** Whether a queue's client understands `realm_linkifiers` (else it gets [OLD] `realm_filters`). */
function wantsUrlTemplates(capabilities: Readonly<Record<string, boolean>>): boolean {
  return capabilities[CAPABILITY_URL_TEMPLATE] === true;
}

/** Register state: the list in the form the client understands, `[]` in the other key. */
export async function linkifierState(
  db: Queryable,
  capabilities: Readonly<Record<string, boolean>>,
): Promise<{ realm_linkifiers: Linkifier[]; realm_filters: OldFilter[] }> {
  const rows = await listLinkifiers(db);
  return wantsUrlTemplates(capabilities)
    ? { realm_linkifiers: rows.map(formatLinkifier), realm_filters: [] }
    : { realm_linkifiers: [], realm_filters: rows.map(oldFilter) };
}

/**
 * Sends the whole new list to every queue: `realm_linkifiers` to clients with the
 * `linkifier_url_template` capability, and, unlike Zulip (which stopped at FL 176), the [OLD]
 * `realm_filters` to the others, so old clients keep working.
 */
async function publishLinkifiers(ctx: AppContext): Promise<void> {
  ctx.renderContext.invalidate();
  const rows = await listLinkifiers(ctx.db);
  const current = rows.map(formatLinkifier);
  const old = rows.map(oldFilter);
  ctx.queues.publishWhere(
    () => true,
    (queue: EventQueue): EventWithoutId<"realm_linkifiers" | "realm_filters"> =>
      wantsUrlTemplates(queue.options.capabilities)
        ? { type: "realm_linkifiers", realm_linkifiers: current }
        : { type: "realm_filters", realm_filters: old },
  );
}

/** The pattern and template, stripped and checked as Zulip's `RealmFilter.full_clean`. */
function checkedLinkifier(request: NewLinkifier): { pattern: string; urlTemplate: string } {
  const pattern = request.pattern.trim();
  const urlTemplate =
    request.urlTemplate !== undefined
      ? request.urlTemplate.trim()
      : formatStringToTemplate((request.urlFormatString ?? "").trim());
  const groups = checkPattern(pattern);
  checkUrlTemplate(urlTemplate, groups);
  return { pattern, urlTemplate };
}

/**
 * Adds a linkifier after the existing ones (administrators only). The pattern must compile with
 * RE2 within our cost limits, the template be RFC 6570 with an allowed literal scheme, and its
 * variables equal the pattern's named groups. Returns the new id; publishes the new list.
 */
export async function addLinkifier(
  ctx: AppContext,
  user: UserRow,
  request: NewLinkifier,
): Promise<number> {
  requireAdministrator(user);
  const { pattern, urlTemplate } = checkedLinkifier(request);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if (await findLinkifierByPattern(tx, pattern)) throw duplicatePattern();
      return insertLinkifier(tx, pattern, urlTemplate);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? duplicatePattern() : error;
  }
  await publishLinkifiers(ctx);
  return id;
}

/**
 * `PATCH /realm/filters/{id}` (administrators only): a new pattern and template, checked as at
 * creation; "Linkifier not found." if unknown, the duplicate error if another linkifier has the
 * pattern. It keeps its place in the order. Publishes the new list.
 */
export async function updateLinkifier(
  ctx: AppContext,
  user: UserRow,
  id: number,
  request: NewLinkifier,
): Promise<void> {
  requireAdministrator(user);
  const { pattern, urlTemplate } = checkedLinkifier(request);
  try {
    await ctx.db.transaction(async (tx) => {
      const holder = await findLinkifierByPattern(tx, pattern);
      if (holder && holder.id !== id) throw duplicatePattern();
      if (!(await updateLinkifierRow(tx, id, pattern, urlTemplate))) {
        throw new ApiError("Linkifier not found.");
      }
    });
  } catch (error) {
    throw isUniqueViolation(error) ? duplicatePattern() : error;
  }
  await publishLinkifiers(ctx);
}

/**
 * `PATCH /realm/linkifiers` (administrators only, Zulip 8.0): the order in which linkifiers
 * apply, as the ids of every linkifier, each once (Zulip's errors otherwise). Publishes the
 * list in its new order.
 */
export async function reorderLinkifiers(
  ctx: AppContext,
  user: UserRow,
  orderedIds: readonly number[],
): Promise<void> {
  requireAdministrator(user);
  if (new Set(orderedIds).size < orderedIds.length) {
    throw new ApiError("The ordered list must not contain duplicated linkifiers");
  }
  await ctx.db.transaction(async (tx) => {
    const existing = new Set((await listLinkifiers(tx)).map((row) => row.id));
    if (existing.size !== orderedIds.length || !orderedIds.every((id) => existing.has(id))) {
      throw new ApiError("The ordered list must enumerate all existing linkifiers exactly once");
    }
    await reorderLinkifierRows(tx, orderedIds);
  });
  await publishLinkifiers(ctx);
}

/** Deletes a linkifier (administrators only); "Linkifier not found." if unknown. */
export async function removeLinkifier(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  requireAdministrator(user);
  const deleted = await ctx.db.transaction((tx) => deleteLinkifier(tx, id));
  if (!deleted) throw new ApiError("Linkifier not found.");
  await publishLinkifiers(ctx);
}

/** `GET /realm/linkifiers`: every linkifier, in order. */
export async function getLinkifiers(ctx: AppContext): Promise<Linkifier[]> {
  return (await listLinkifiers(ctx.db)).map(formatLinkifier);
}

/** [OLD] `GET /realm/filters`: every linkifier as a `[pattern, url_format_string, id]` tuple. */
export async function getOldFilters(ctx: AppContext): Promise<OldFilter[]> {
  return (await listLinkifiers(ctx.db)).map(oldFilter);
}
