import type { ResponsePayload } from "../../common/wire/endpoints";
import { getMessages, LARGER_THAN_MAX_MESSAGE_ID, type Anchor } from "../actions/get-messages";
import { updateMessageFlagsForNarrow } from "../actions/message-flags";
import { parseNarrow } from "../actions/narrow";
import { sendMessage, type MessageTarget } from "../actions/send-message";
import { realmUrl } from "../http/realm-url";
import { clientName } from "../http/auth";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { ApiError, badRequest, invalidArgument } from "../http/errors";
import { parseJsonArgument, topicParam, type Params } from "../http/params";

/** `to` of a stream message: a raw name, or JSON `"name"`, `42` or `["name"]`. */
function streamTarget(raw: string): string | number {
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) throw badRequest("Cannot send to multiple streams");
    value = value[0];
  }
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  return raw;
}

/** `to` of a direct message: a JSON list of emails or ids, or comma-separated emails. */
function directTarget(raw: string): (string | number)[] {
  const trimmed = raw.trim();
  if (trimmed.startsWith("[")) {
    const value = parseJsonArgument("to", trimmed);
    if (
      !Array.isArray(value) ||
      !value.every(
        (v) => typeof v === "string" || (typeof v === "number" && Number.isSafeInteger(v)),
      )
    ) {
      throw badRequest("Invalid data type for recipients");
    }
    return value as (string | number)[]; // checked element by element just above
  }
  if (/^\d+$/.test(trimmed)) return [Number(trimmed)];
  return trimmed
    .split(",")
    .map((email) => email.trim())
    .filter((email) => email !== "");
}

/**
 * `POST /messages`: sends a stream or direct message; answers `{id}`.
 *
 * `local_id` (with `queue_id`: echoed as `local_message_id` in that queue's event) is also a
 * deduplication key, Parley's extension beyond Zulip: a client that resends after an uncertain
 * timeout cannot post twice. A request from the same sender with the same `local_id`, target
 * and content within 10 minutes of a successful one answers the first message's `{id}` and
 * sends nothing (no new message, no events). It survives a restart; concurrent duplicates give
 * one message. Other senders, other content, or no `local_id`: never deduplicated.
 */
async function postMessage(call: AuthenticatedCall): Promise<ResponsePayload<"messages", "POST">> {
  const { params, ctx, user, request } = call;
  const type = params.string("type");
  const to = params.string("to");
  let target: MessageTarget;
  if (type === "stream" || type === "channel") {
    target = { kind: "stream", stream: streamTarget(to), topic: topicParam(params) };
  } else if (type === "private" || type === "direct") {
    topicParam(params); // accepted and ignored for direct messages, as in Zulip
    target = { kind: "direct", recipients: directTarget(to) };
  } else {
    throw badRequest("Invalid message type");
  }
  const id = await sendMessage(ctx, user, {
    target,
    content: params.string("content"),
    client: clientName(params.optionalString("client"), request.headers["user-agent"]),
    readBySender: params.optionalBool("read_by_sender"),
    queueId: params.optionalString("queue_id"),
    localId: params.optionalString("local_id"),
    realmUrl: realmUrl(ctx, request),
  });
  return { id };
}

function parseAnchor(raw: string | undefined): Anchor {
  if (raw === undefined)
    throw new ApiError("Missing 'anchor' argument.", {
      code: "REQUEST_VARIABLE_MISSING",
      extra: { var_name: "anchor" },
    });
  if (raw === "newest" || raw === "oldest" || raw === "first_unread") return raw;
  // Zulip's `parse_anchor_value`: any integer `int()` reads, negative ones as 0 and larger ones
  // as LARGER_THAN_MAX_MESSAGE_ID; anything else is "Invalid anchor".
  if (!/^[-+]?\d+$/.test(raw.trim())) throw badRequest("Invalid anchor");
  const anchor = Number(raw.trim());
  return anchor < 0 ? 0 : Math.min(anchor, LARGER_THAN_MAX_MESSAGE_ID);
}

function count(params: Params, name: string): number {
  const value = params.optionalInt(name) ?? 0;
  if (value < 0) throw invalidArgument(name, String(value));
  return value;
}

async function listMessages(call: AuthenticatedCall): Promise<ResponsePayload<"messages", "GET">> {
  const { params, ctx, user } = call;
  params.optionalBool("client_gravatar");
  return getMessages(ctx, user, {
    anchor: parseAnchor(params.optionalString("anchor")),
    numBefore: count(params, "num_before"),
    numAfter: count(params, "num_after"),
    includeAnchor: params.bool("include_anchor", true),
    narrow: parseNarrow(params.optionalJson("narrow")),
    applyMarkdown: params.bool("apply_markdown", true),
  });
}

/** Zulip requires both counts of `flags/narrow`, non-negative. */
function requiredCount(params: Params, name: string): number {
  const value = params.int(name);
  if (value < 0) throw invalidArgument(name, String(value));
  return value;
}

async function flagsForNarrow(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/flags/narrow", "POST">> {
  const { params, ctx, user } = call;
  return updateMessageFlagsForNarrow(ctx, user, {
    anchor: parseAnchor(params.optionalString("anchor")),
    includeAnchor: params.bool("include_anchor", true),
    numBefore: requiredCount(params, "num_before"),
    numAfter: requiredCount(params, "num_after"),
    narrow: parseNarrow(params.optionalJson("narrow")),
    op: params.string("op"),
    flag: params.string("flag"),
  });
}

/**
 * `POST /messages` (send), `GET /messages` (fetch around an anchor) and
 * `POST /messages/flags/narrow` (change a flag on such a range).
 */
export const messageEndpoints: Endpoint[] = [
  userEndpoint("messages", { GET: listMessages, POST: postMessage }),
  userEndpoint("messages/flags/narrow", { POST: flagsForNarrow }),
];
