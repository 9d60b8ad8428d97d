import type { VisibilityPolicy } from "../../common/wire/user-topics";
import { updateUserTopic } from "../actions/user-topics";
import { checkTopic } from "../actions/validate";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { badRequest } from "../http/errors";

function isVisibilityPolicy(value: number): value is VisibilityPolicy {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/**
 * `POST /user_topics`: `stream_id`, `topic` and `visibility_policy` (0–3), each required; the
 * topic as a message's (`checkTopic`: Zulip truncates a long one, we refuse it).
 */
async function postUserTopic({ ctx, user, params }: AuthenticatedCall) {
  const streamId = params.int("stream_id");
  const topic = checkTopic(params.string("topic"));
  const policy = params.int("visibility_policy");
  if (!isVisibilityPolicy(policy)) throw badRequest("Invalid visibility_policy");
  await updateUserTopic(ctx, user, { streamId, topic, policy });
  return {};
}

/** The user's own settings for topics. */
export const userTopicEndpoints: Endpoint[] = [
  userEndpoint("user_topics", { POST: postUserTopic }),
];
