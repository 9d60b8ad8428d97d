import { z } from "zod";
import { successSchema } from "./common";

/** `offline` appears only in `aggregated` of the single-user endpoint (older than ~200 s). */
const presenceStatusSchema = z.enum(["active", "idle", "offline"]);

/** One client's report (or `aggregated`, which names the most recently updated client). */
export const clientPresenceSchema = z.looseObject({
  client: z.string(),
  status: presenceStatusSchema,
  /** UNIX seconds of the report. */
  timestamp: z.number(),
  /** Absent on `aggregated`. */
  pushable: z.boolean().optional(),
});
export type ClientPresence = z.infer<typeof clientPresenceSchema>;

/** The legacy presence of one user: an entry per client name, plus `aggregated`. */
const userPresenceSchema = z.record(z.string(), clientPresenceSchema);
export type UserPresence = z.infer<typeof userPresenceSchema>;

/** The `slim_presence` form of one user, keyed by user id instead of email. */
const slimPresenceSchema = z.looseObject({
  active_timestamp: z.number(),
  idle_timestamp: z.number(),
});
export type SlimPresence = z.infer<typeof slimPresenceSchema>;

/**
 * `presences` of `register` and `GET /realm/presence`: by email (legacy), or by user id
 * (slim, when `register` asked for `slim_presence`).
 */
export const presencesSchema = z.record(
  z.string(),
  z.union([slimPresenceSchema, userPresenceSchema]),
);
export type Presences = z.infer<typeof presencesSchema>;

/** `GET /users/{user_id_or_email}/presence`. */
export const getUserPresenceResponseSchema = successSchema({ presence: userPresenceSchema });
export type GetUserPresenceResponse = z.infer<typeof getUserPresenceResponseSchema>;

/** `GET /realm/presence`: everyone seen in the last two weeks. */
export const getRealmPresenceResponseSchema = successSchema({
  presences: presencesSchema,
  /** UNIX seconds as a float. */
  server_timestamp: z.number(),
});
export type GetRealmPresenceResponse = z.infer<typeof getRealmPresenceResponseSchema>;

/** `POST /users/me/presence`: nothing with `ping_only`, else everyone's presence. */
export const updatePresenceResponseSchema = successSchema({
  presences: presencesSchema.optional(),
  server_timestamp: z.number().optional(),
});
export type UpdatePresenceResponse = z.infer<typeof updatePresenceResponseSchema>;
