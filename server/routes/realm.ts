import type { ResponsePayload } from "../../common/wire/endpoints";
import {
  addLinkifier,
  getLinkifiers,
  type NewLinkifier,
  getOldFilters,
  removeLinkifier,
  reorderLinkifiers,
  requireAdministrator,
  updateLinkifier,
} from "../actions/linkifiers";
import { isDbId } from "../db/ids";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { ApiError, missingArgument } from "../http/errors";
import type { Params } from "../http/params";
import { intList } from "./int-list";
import { pathInteger } from "./path-params";
import { authEndpoints } from "./realm-auth";
import { emojiEndpoints } from "./realm-emoji";
import { peopleEndpoints } from "./realm-people";

/** `pattern` and `url_template` (or the [OLD] `url_format_string`) of a linkifier. */
function linkifierParams(params: Params): NewLinkifier {
  const urlTemplate = params.optionalString("url_template");
  const urlFormatString =
    urlTemplate === undefined ? params.optionalString("url_format_string") : undefined;
  if (urlTemplate === undefined && urlFormatString === undefined) {
    throw new ApiError("Missing 'url_template' argument", {
      code: "REQUEST_VARIABLE_MISSING",
      extra: { var_name: "url_template" },
    });
  }
  return { pattern: params.string("pattern"), urlTemplate, urlFormatString };
}

/** POST /api/v1/realm/filters */
async function createLinkifier(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"realm/filters", "POST">> {
  const { params, ctx, user } = call;
  // Zulip checks the role before reading any parameter.
  requireAdministrator(user);
  const id = await addLinkifier(ctx, user, linkifierParams(params));
  return { id };
}

/** PATCH /api/v1/realm/filters/{filter_id} */
async function patchLinkifier(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"realm/filters/{filter_id}", "PATCH">> {
  requireAdministrator(call.user);
  const id = pathInteger(call, "filter_id");
  const request = linkifierParams(call.params);
  if (!isDbId(id)) throw new ApiError("Linkifier not found.");
  await updateLinkifier(call.ctx, call.user, id, request);
  return {};
}

/** PATCH /api/v1/realm/linkifiers: `ordered_linkifier_ids`, a JSON list of every id. */
async function patchLinkifierOrder(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"realm/linkifiers", "PATCH">> {
  requireAdministrator(call.user);
  const ids = intList(call.params, "ordered_linkifier_ids");
  if (ids === undefined) throw missingArgument("ordered_linkifier_ids");
  await reorderLinkifiers(call.ctx, call.user, ids);
  return {};
}

/** DELETE /api/v1/realm/filters/{filter_id} */
async function deleteLinkifier(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"realm/filters/{filter_id}", "DELETE">> {
  requireAdministrator(call.user);
  const id = pathInteger(call, "filter_id");
  if (!isDbId(id)) throw new ApiError("Linkifier not found.");
  await removeLinkifier(call.ctx, call.user, id);
  return {};
}

const linkifierEndpoints: Endpoint[] = [
  userEndpoint("realm/filters", {
    POST: createLinkifier,
    /** [OLD] GET /api/v1/realm/filters: Zulip answers 405 since FL 54; zulip-js still calls it. */
    GET: async ({ ctx }) => ({ filters: await getOldFilters(ctx) }),
  }),
  userEndpoint("realm/filters/{filter_id}", { DELETE: deleteLinkifier, PATCH: patchLinkifier }),
  userEndpoint("realm/linkifiers", {
    /** GET /api/v1/realm/linkifiers */
    GET: async ({ ctx }) => ({ linkifiers: await getLinkifiers(ctx) }),
    PATCH: patchLinkifierOrder,
  }),
];

/** Linkifiers, custom emoji, user groups, users, presence, typing, password login. */
export const realmEndpoints: Endpoint[] = [
  ...linkifierEndpoints,
  ...emojiEndpoints,
  ...peopleEndpoints,
  ...authEndpoints,
];
