import type { EventWithoutId } from "../../common/wire/events";
import type { AppContext } from "../context";
import { isStorableId } from "../db/messages";
import { findStreamById, isSubscribed } from "../db/streams";
import { setSubscriptionProperty, type SubscriptionProperty } from "../db/user-topics";
import { ROLE, type UserRow } from "../db/users";
import { badRequest } from "../http/errors";

/** One entry of `subscription_data`, checked: the property as the client named it. */
export interface SubscriptionPropertyChange {
  streamId: number;
  /** `in_home_view` is Zulip's deprecated inverse of `is_muted`. */
  property: SubscriptionProperty | "in_home_view";
  value: string | boolean | null;
}

const NOTIFICATION_PROPERTIES: ReadonlySet<string> = new Set([
  "desktop_notifications",
  "audible_notifications",
  "push_notifications",
  "email_notifications",
  "wildcard_mentions_notify",
]);
const BOOLEAN_PROPERTIES: ReadonlySet<string> = new Set(["is_muted", "in_home_view", "pin_to_top"]);

/**
 * One entry of `subscription_data` (`{stream_id, property, value}`), checked as Zulip's
 * `update_subscription_properties_backend`: the property one of Zulip's, the colour `#rrggbb`,
 * the others booleans (the notification settings also null, which goes back to the user's
 * default, as Zulip stores it). `where` names the entry in the errors.
 */
export function parseSubscriptionPropertyChange(
  item: unknown,
  where: string,
): SubscriptionPropertyChange {
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    throw badRequest(`${where} is not a dict`);
  }
  const entry = item as Record<string, unknown>;
  for (const key of ["stream_id", "property", "value"]) {
    if (!(key in entry)) throw badRequest(`${key} key is missing from ${where}`);
  }
  const { stream_id: streamId, property, value } = entry;
  if (typeof streamId !== "number" || !Number.isSafeInteger(streamId)) {
    throw badRequest(`${where}["stream_id"] is not an integer`);
  }
  if (typeof property !== "string") throw badRequest(`${where}["property"] is not a string`);
  if (property === "color") {
    if (typeof value !== "string" || !/^#[0-9a-fA-F]{6}$/.test(value)) {
      throw badRequest(`${property} is not a valid hex color code`);
    }
    return { streamId, property, value: value.toLowerCase() };
  }
  if (BOOLEAN_PROPERTIES.has(property) || NOTIFICATION_PROPERTIES.has(property)) {
    const isNullable = NOTIFICATION_PROPERTIES.has(property);
    if (typeof value !== "boolean" && !(isNullable && value === null)) {
      throw badRequest(`${property} is not a boolean`);
    }
    return { streamId, property: property as SubscriptionPropertyChange["property"], value };
  }
  throw badRequest(`Unknown subscription property: ${property}`);
}

/** Zulip's "Invalid stream ID" for a stream one cannot read; "Not subscribed" for one one can. */
async function checkSubscribed(ctx: AppContext, user: UserRow, streamId: number): Promise<void> {
  const stream = isStorableId(streamId) ? await findStreamById(ctx.db, streamId) : undefined;
  const subscribed = stream !== undefined && (await isSubscribed(ctx.db, user.id, stream.id));
  if (subscribed) return;
  const mayRead = stream !== undefined && !stream.invite_only && user.role !== ROLE.guest;
  if (!mayRead) throw badRequest("Invalid stream ID");
  throw badRequest(`Not subscribed to stream ID ${streamId}`);
}

/** The `subscription` `update` events of one change: `is_muted` and `in_home_view` go together. */
function updateEvents(change: SubscriptionPropertyChange): EventWithoutId<"subscription">[] {
  const event = (property: string, value: string | boolean | null) => ({
    type: "subscription" as const,
    op: "update" as const,
    stream_id: change.streamId,
    property,
    value,
  });
  if (change.property === "is_muted" || change.property === "in_home_view") {
    const muted = change.property === "is_muted" ? change.value : change.value === false;
    return [event("is_muted", muted), event("in_home_view", muted === false)];
  }
  return [event(change.property, change.value)];
}

/**
 * `POST /users/me/subscriptions/properties` (Zulip's `do_change_subscription_property` for each
 * entry): every entry is checked before anything is written, and all are written in one
 * transaction, so a bad entry changes nothing. Then a `subscription` `update` event per change
 * goes to the user's queues (two for a mute: `is_muted` and `in_home_view`, as Zulip since
 * FL 139), in the order asked.
 */
export async function updateSubscriptionProperties(
  ctx: AppContext,
  user: UserRow,
  changes: readonly SubscriptionPropertyChange[],
): Promise<void> {
  for (const change of changes) await checkSubscribed(ctx, user, change.streamId);
  await ctx.db.transaction(async (tx) => {
    for (const change of changes) {
      const { streamId, property } = change;
      if (property === "in_home_view") {
        await setSubscriptionProperty(tx, user.id, streamId, "is_muted", change.value === false);
      } else {
        await setSubscriptionProperty(tx, user.id, streamId, property, change.value);
      }
    }
  });
  for (const change of changes) {
    for (const event of updateEvents(change)) ctx.queues.publish([user.id], () => ({ ...event }));
  }
}
