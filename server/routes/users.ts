import { maxMessageId } from "../db/messages";
import { listSubscribedStreams, subscribersByStream } from "../db/streams";
import { shortName } from "../format/message";
import { formatSubscription } from "../format/stream";
import { formatUser } from "../format/user";
import { userEndpoint, type Endpoint } from "../http/endpoint";

/** `GET /users/me` and `GET /users/me/subscriptions`. */
export const userEndpoints: Endpoint[] = [
  userEndpoint("users/me", {
    GET: async ({ ctx, user }) => ({
      ...formatUser(user),
      short_name: shortName(user.email),
      client_id: "",
      // Zulip removed the pointer; -1 is the spec's "unset".
      pointer: -1,
      max_message_id: await maxMessageId(ctx.db, user.id),
    }),
  }),
  userEndpoint("users/me/subscriptions", {
    GET: async ({ ctx, user, params }) => {
      const includeSubscribers = params.bool("include_subscribers", false);
      const subscribers = includeSubscribers ? await subscribersByStream(ctx.db) : undefined;
      const streams = await listSubscribedStreams(ctx.db, user.id);
      return {
        subscriptions: streams.map((s) =>
          formatSubscription(s, subscribers ? (subscribers.get(s.id) ?? []) : undefined),
        ),
      };
    },
  }),
];
