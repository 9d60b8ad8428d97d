import type { ApiClient, CallOptions } from "./client";
import type { AddLinkifierResponse, GetLinkifiersResponse } from "../../common/wire/realm";

/** GET /api/v1/realm/linkifiers — every linkifier, in the order they apply. */
export function getLinkifiers(
  client: ApiClient,
  options: CallOptions = {},
): Promise<GetLinkifiersResponse> {
  return client.call("GET", "realm/linkifiers", {
    signal: options.signal,
  });
}

/**
 * POST /api/v1/realm/filters — adds a linkifier (administrators). `pattern` is an RE2 regular
 * expression; `url_template` an RFC 6570 template whose variables are its named groups (servers
 * before FL 176 take `url_format_string` instead: see `linkifierWriteParams` in compat.ts).
 */
export function addLinkifier(
  client: ApiClient,
  params:
    { pattern: string; url_template: string } | { pattern: string; url_format_string: string },
  options: CallOptions = {},
): Promise<AddLinkifierResponse> {
  return client.call("POST", "realm/filters", {
    params,
    signal: options.signal,
  });
}

/** DELETE /api/v1/realm/filters/{filter_id} — removes a linkifier (administrators). */
export async function removeLinkifier(
  client: ApiClient,
  params: { filter_id: number },
  options: CallOptions = {},
): Promise<void> {
  await client.call("DELETE", "realm/filters/{filter_id}", {
    path: params,
    signal: options.signal,
  });
}

/** PATCH /api/v1/realm/filters/{filter_id} — a new pattern and URL template (administrators). */
export async function updateLinkifier(
  client: ApiClient,
  params:
    | { filter_id: number; pattern: string; url_template: string }
    | { filter_id: number; pattern: string; url_format_string: string },
  options: CallOptions = {},
): Promise<void> {
  const { filter_id, ...fields } = params;
  await client.call("PATCH", "realm/filters/{filter_id}", {
    path: { filter_id },
    params: fields,
    signal: options.signal,
  });
}

/**
 * PATCH /api/v1/realm/linkifiers — the order linkifiers apply in: every linkifier's id, each
 * once (administrators; feature level 202).
 */
export async function reorderLinkifiers(
  client: ApiClient,
  params: { ordered_linkifier_ids: readonly number[] },
  options: CallOptions = {},
): Promise<void> {
  await client.call("PATCH", "realm/linkifiers", { params, signal: options.signal });
}
