import type { ResponsePayload } from "../../common/wire/endpoints";
import {
  addLinkifier,
  getLinkifiers,
  getOldFilters,
  removeLinkifier,
  requireAdministrator,
} from "../actions/linkifiers";
import { isDbId } from "../db/ids";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { ApiError } from "../http/errors";
import { pathInteger } from "./path-params";
import { authEndpoints } from "./realm-auth";
import { emojiEndpoints } from "./realm-emoji";
import { peopleEndpoints } from "./realm-people";

/** POST /api/v1/realm/filters */
async function createLinkifier(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"realm/filters", "POST">> {
  const { params, ctx, user } = call;
  // Zulip checks the role before reading any parameter.
  requireAdministrator(user);
  const urlTemplate = params.optionalString("url_template");
  const urlFormatString =
    urlTemplate === undefined ? params.optionalString("url_format_string") : undefined;
  if (urlTemplate === undefined && urlFormatString === undefined) {
    throw new ApiError("Missing 'url_template' argument", {
      code: "REQUEST_VARIABLE_MISSING",
      extra: { var_name: "url_template" },
    });
  }
  const id = await addLinkifier(ctx, user, {
    pattern: params.string("pattern"),
    urlTemplate,
    urlFormatString,
  });
  return { id };
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
  userEndpoint("realm/filters/{filter_id}", { DELETE: deleteLinkifier }),
  /** GET /api/v1/realm/linkifiers */
  userEndpoint("realm/linkifiers", {
    GET: async ({ ctx }) => ({ linkifiers: await getLinkifiers(ctx) }),
  }),
];

/** Linkifiers, custom emoji, user groups, users, presence, typing, password login. */
export const realmEndpoints: Endpoint[] = [
  ...linkifierEndpoints,
  ...emojiEndpoints,
  ...peopleEndpoints,
  ...authEndpoints,
];
