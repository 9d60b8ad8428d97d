import { maxMessageId } from "../db/messages";
import { subscriptionState } from "../actions/subscription-state";
import { shortName } from "../format/message";
import { formatUser } from "../format/user";
import { userEndpoint, type Endpoint } from "../http/endpoint";

/** `GET /users/me` and `GET /users/me/subscriptions`. */
export const userEndpoints: Endpoint[] = [
  userEndpoint("users/me", {
    GET: async ({ ctx, user }) => ({
      ...formatUser(user),
      // One's own delivery email is always visible to oneself.
      delivery_email: user.email,
      short_name: shortName(user.email),
      client_id: "",
      // Zulip removed the pointer; -1 is the spec's "unset".
      pointer: -1,
      max_message_id: await maxMessageId(ctx.db, user.id),
    }),
  }),
  /** GET /api/v1/users/me/subscriptions: the same entries as register's `subscriptions`. */
  userEndpoint("users/me/subscriptions", {
    GET: async ({ ctx, user, params }) => {
      const includeSubscribers = params.bool("include_subscribers", false);
      const state = await subscriptionState(ctx, user, includeSubscribers);
      return { subscriptions: state.subscriptions };
    },
  }),
];
