import type { ResponsePayload } from "../../common/wire/endpoints";
import { fetchInitialState } from "../actions/register";
import { parseNarrow } from "../actions/narrow";
import type { UserRow } from "../db/users";
import { ROLE } from "../db/users";
import type { QueueOptions } from "../events/event-queue";
import { clientName } from "../http/auth";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { ApiError, missingArgument } from "../http/errors";
import type { Params } from "../http/params";
import { realmUrl } from "../http/realm-url";

const MAX_LIFESPAN_SECONDS = 7 * 24 * 3600;

function optionalTypeSet(params: Params, name: string): ReadonlySet<string> | null | undefined {
  const value = params.optionalJson(name);
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new ApiError(`${name} is not a list of strings`);
  }
  return new Set(value);
}

function capabilities(params: Params): Record<string, boolean> {
  const value = params.optionalJson("client_capabilities");
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("client_capabilities is not a dict");
  }
  const result: Record<string, boolean> = {};
  for (const [key, flag] of Object.entries(value)) {
    if (typeof flag !== "boolean")
      throw new ApiError(`client_capabilities["${key}"] is not a boolean`);
    result[key] = flag;
  }
  return result;
}

/** The queue options of a `register` call (also accepted by `GET /events` without a queue). */
function queueOptions(call: AuthenticatedCall, user: UserRow): QueueOptions {
  const { params, ctx } = call;
  const allPublicStreams = params.bool("all_public_streams", false);
  if (allPublicStreams && user.role === ROLE.guest)
    throw new ApiError("User not authorized for this query");
  const lifespan = params.optionalInt("queue_lifespan_secs") ?? 0;
  const lifespanSeconds =
    lifespan <= 0 ? ctx.config.queueTimeoutSeconds : Math.min(lifespan, MAX_LIFESPAN_SECONDS);
  const narrow = parseNarrow(params.optionalJson("narrow")).map(
    (term) => [term.operator, String(term.operand)] as const,
  );
  return {
    eventTypes: optionalTypeSet(params, "event_types") ?? null,
    applyMarkdown: params.bool("apply_markdown", false),
    clientGravatar: params.bool("client_gravatar", true),
    allPublicStreams,
    narrow,
    capabilities: capabilities(params),
    lifespanMs: lifespanSeconds * 1000,
    clientName: clientName(params.optionalString("client"), call.request.headers["user-agent"]),
  };
}

async function register(call: AuthenticatedCall): Promise<ResponsePayload<"register", "POST">> {
  const options = queueOptions(call, call.user);
  const fetchTypes = optionalTypeSet(call.params, "fetch_event_types");
  const slimPresence = call.params.bool("slim_presence", false);
  const includeSubscribers = call.params.bool("include_subscribers", false);
  const queue = call.ctx.queues.create(call.user.id, options);
  const state = await fetchInitialState(
    call.ctx,
    call.user,
    fetchTypes === undefined ? options.eventTypes : fetchTypes,
    {
      clientGravatar: options.clientGravatar,
      includeSubscribers,
      realmUrl: realmUrl(call.ctx, call.request),
      capabilities: options.capabilities,
      slimPresence,
    },
  );
  return { queue_id: queue.id, last_event_id: -1, ...state };
}

async function getEvents(call: AuthenticatedCall): Promise<ResponsePayload<"events", "GET">> {
  const { ctx, params, user, reply } = call;
  const queueId = params.optionalString("queue_id");
  const dontBlock = params.bool("dont_block", false);
  const lastEventId = params.optionalInt("last_event_id");
  const queue = queueId === undefined ? undefined : ctx.queues.get(queueId, user.id);
  if (!queue) {
    if (!dontBlock) throw missingArgument("queue_id");
    const created = ctx.queues.create(user.id, queueOptions(call, user));
    return { events: [], queue_id: created.id };
  }
  const events = await ctx.queues.poll(queue, {
    lastEventId,
    dontBlock,
    onClose: (listener) => {
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) listener();
      });
    },
  });
  return { events, queue_id: queue.id };
}

/** `POST /register`, `GET /events` (long polling) and `DELETE /events`. */
export const eventEndpoints: Endpoint[] = [
  userEndpoint("register", { POST: register }),
  userEndpoint("events", {
    GET: getEvents,
    DELETE: ({ ctx, params, user }) => {
      ctx.queues.delete(params.string("queue_id"), user.id);
      return Promise.resolve({});
    },
  }),
];
