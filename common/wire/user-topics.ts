import { z } from "zod";

/**
 * Zulip's visibility policies of a topic (`POST /user_topics`, `user_topics`, `user_topic`
 * events): 0 none (the stream's setting applies), 1 muted, 2 unmuted (in a muted stream),
 * 3 followed.
 */
export const VISIBILITY_POLICY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;
export type VisibilityPolicy = (typeof VISIBILITY_POLICY)[keyof typeof VISIBILITY_POLICY];

const visibilityPolicySchema = z.literal([0, 1, 2, 3]);

/** One entry of register's `user_topics`: a topic with a policy other than "inherit". */
export const userTopicSchema = z.looseObject({
  stream_id: z.number().int(),
  topic_name: z.string(),
  /** Seconds since the epoch. */
  last_updated: z.number().int(),
  visibility_policy: visibilityPolicySchema,
});
export type UserTopic = z.infer<typeof userTopicSchema>;

/** `user_topic`: the user's policy for one topic changed (0: back to "inherit"). */
export const userTopicEventSchema = z.looseObject({
  id: z.number().int(),
  type: z.literal("user_topic"),
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: z.number().int(),
  visibility_policy: visibilityPolicySchema,
});
export type UserTopicEvent = z.infer<typeof userTopicEventSchema>;

/** [OLD] register's `muted_topics`: `[stream name, topic, seconds since the epoch]`. */
export const mutedTopicsSchema = z.array(z.tuple([z.string(), z.string(), z.number().int()]));
