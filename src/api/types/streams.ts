import { z } from "zod";

/** A subscription as in `register`'s `subscriptions` and `GET /users/me/subscriptions`. */
export const subscriptionSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rendered_description: z.string().optional(),
  invite_only: z.boolean(),
  is_web_public: z.boolean().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  date_created: z.number().int().optional(),
  color: z.string(),
  is_muted: z.boolean(),
  pin_to_top: z.boolean(),
  in_home_view: z.boolean().optional(),
  subscribers: z.array(z.number().int()).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A stream as in `GET /streams` and `never_subscribed`. */
export const streamSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  invite_only: z.boolean(),
});
export type Stream = z.infer<typeof streamSchema>;
