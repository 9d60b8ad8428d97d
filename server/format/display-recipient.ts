import type { Queryable } from "../db/database";
import { directMessageParticipants, type MessageRecord } from "../db/messages";
import type { UserRow } from "../db/users";
import type { DisplayRecipientUser } from "../../common/wire/message";
import { shortName } from "./message";

/** A direct message's participant as `display_recipient` lists them. */
export function displayRecipientUser(
  user: Pick<UserRow, "id" | "email" | "full_name">,
): DisplayRecipientUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    short_name: shortName(user.email),
    is_mirror_dummy: false,
  };
}

/** Participants of a direct message: sender and receiver, or the group's members. */
function participantIds(record: MessageRecord, groups: Map<number, number[]>): number[] {
  if (record.recipient_type === 1) {
    return [...new Set([record.sender_id, record.recipient_type_id])].sort((a, b) => a - b);
  }
  return groups.get(record.recipient_type_id) ?? [record.sender_id];
}

/**
 * `display_recipient` of each record, keyed by message id: the stream name, or the direct
 * message's participants (the viewer included) as Zulip lists them. The groups' members and
 * every participant's row come in one statement.
 */
export async function displayRecipients(
  db: Queryable,
  records: readonly MessageRecord[],
): Promise<Map<number, string | DisplayRecipientUser[]>> {
  const groupIds = new Set<number>();
  const userIds = new Set<number>();
  for (const record of records) {
    if (record.stream_id !== null) continue;
    // The sender too for a group: a group whose row is gone lists its sender alone.
    userIds.add(record.sender_id);
    if (record.recipient_type === 3) groupIds.add(record.recipient_type_id);
    else userIds.add(record.recipient_type_id);
  }
  const found = await directMessageParticipants(db, [...groupIds], [...userIds]);
  const users = new Map(found.users.map((user) => [user.id, displayRecipientUser(user)]));
  const result = new Map<number, string | DisplayRecipientUser[]>();
  for (const record of records) {
    if (record.stream_id !== null) {
      result.set(record.id, record.stream_name ?? "");
    } else {
      const list = participantIds(record, found.groups).flatMap((id) => users.get(id) ?? []);
      result.set(record.id, list);
    }
  }
  return result;
}
