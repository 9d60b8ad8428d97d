import { getStreams } from "../actions/get-streams";
import { getStreamMembers, getStreamTopics } from "../actions/topics";
import { formatStream } from "../format/stream";
import { userEndpoint, type Endpoint } from "../http/endpoint";
import { badRequest } from "../http/errors";

/** Streams and their topics. */
export const streamEndpoints: Endpoint[] = [
  /** GET /api/v1/streams */
  userEndpoint("streams", {
    GET: async ({ ctx, user, params }) => {
      const includeDefault = params.bool("include_default", false);
      const streams = await getStreams(ctx, user, {
        includePublic: params.bool("include_public", true),
        includeSubscribed: params.bool("include_subscribed", true),
        includeAllActive: params.bool("include_all_active", false),
        includeDefault,
        includeOwnerSubscribed: params.bool("include_owner_subscribed", false),
        includeWebPublic: params.bool("include_web_public", false),
      });
      return {
        streams: streams.map((stream) => ({
          ...formatStream(stream),
          // Zulip adds `is_default` when asked; Parley has no default streams.
          ...(includeDefault ? { is_default: false } : {}),
        })),
      };
    },
  }),
  /** GET /api/v1/users/me/{stream_id}/topics */
  userEndpoint("users/me/{stream_id}/topics", {
    GET: async ({ ctx, user, path }) => {
      const raw = path["stream_id"] ?? "";
      if (!/^[0-9]{1,10}$/.test(raw)) throw badRequest("Invalid stream ID");
      return { topics: await getStreamTopics(ctx, user, Number(raw)) };
    },
  }),
  /** GET /api/v1/streams/{stream_id}/members */
  userEndpoint("streams/{stream_id}/members", {
    GET: async ({ ctx, user, path }) => {
      const raw = path["stream_id"] ?? "";
      if (!/^[0-9]{1,10}$/.test(raw)) throw badRequest("Invalid stream ID");
      return { subscribers: await getStreamMembers(ctx, user, Number(raw)) };
    },
  }),
];
