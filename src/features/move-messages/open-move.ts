import type { QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Message } from "../../../common/wire/message";
import { canMoveMessage, mayMoveBetweenStreams, type MoveRules } from "../../lib/move-rules";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { currentMessage } from "../../stores/message-store";
import { currentOwnUserId, useSessionStore } from "../../stores/session-store";
import { currentSelectedMessageId } from "../../stores/ui-store";
import { shellActions } from "../shell/shell-store";

const ROLE_GUEST = 600;

/** The signed-in user's role, from the users list the register snapshot seeds (no request). */
export function useOwnRole(): number | undefined {
  const ownUserId = useSessionStore((session) => session.credentials?.userId);
  const users = useSnapshotQuery(userQueries.list()).data;
  return users?.find((user) => user.user_id === ownUserId)?.role;
}

/** Opens the "Move messages" dialog on one message (its actions menu, `m`). */
export function openMoveMessage(message: Message): void {
  if (message.stream_id === undefined) return;
  shellActions.openDialog({
    kind: "move",
    target: {
      messageId: message.id,
      streamId: message.stream_id,
      topic: message.subject,
      isOneMessage: true,
    },
  });
}

/** Opens the "Move topic" dialog for a whole topic, moved through its newest message `maxId`. */
export function openMoveTopic(streamId: number, topic: string, maxId: number): void {
  shellActions.openDialog({
    kind: "move",
    target: { messageId: maxId, streamId, topic, isOneMessage: false },
  });
}

/** Whether a user of `role` may move this message at `nowSeconds` (Zulip's `can_move_message`). */
function mayMove(
  message: Message,
  role: number | undefined,
  rules: MoveRules | undefined,
  nowSeconds: number,
): boolean {
  if (role === undefined || rules === undefined) return false;
  return canMoveMessage(message, role, rules, nowSeconds);
}

/**
 * Whether the signed-in user may move `message` (false until their profile is in), as of when
 * the caller mounted: a message's toolbar mounts when its row is hovered or selected.
 */
export function useMayMoveMessage(message: Message): boolean {
  const role = useOwnRole();
  const rules = useSnapshotQuery(realmQueries.moveRules()).data;
  const [mountedAt] = useState(() => Date.now() / 1000);
  return mayMove(message, role, rules, mountedAt);
}

/** Whether the signed-in user may move a topic at all: rename it or move it to another stream. */
export function useMayMoveTopics(): boolean {
  const role = useOwnRole();
  const rules = useSnapshotQuery(realmQueries.moveRules()).data;
  if (role === undefined || rules === undefined) return false;
  return role < ROLE_GUEST || mayMoveBetweenStreams(role, rules.betweenStreamsPolicy);
}

/** `m`: the "Move messages" dialog for the selected message, when the user may move it. */
export function moveSelectedMessage(queryClient: QueryClient): boolean {
  const id = currentSelectedMessageId();
  const message = id === null ? undefined : currentMessage(id);
  if (message === undefined) return false;
  const ownUserId = currentOwnUserId();
  const role = queryClient
    .getQueryData(userQueries.list().queryKey)
    ?.find((user) => user.user_id === ownUserId)?.role;
  const rules = queryClient.getQueryData(realmQueries.moveRules().queryKey);
  if (!mayMove(message, role, rules, Date.now() / 1000)) return false;
  openMoveMessage(message);
  return true;
}
