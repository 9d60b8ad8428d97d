import type { QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Message } from "../../../common/wire/message";
import type { User } from "../../../common/wire/users";
import { moveAbilities, type MoveRules } from "../../lib/move-rules";
import { topicNarrow } from "../../lib/narrow";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { currentMessage, currentNarrowState } from "../../stores/message-store";
import { currentOwnUserId, useSessionStore } from "../../stores/session-store";
import { currentSelectedMessageId } from "../../stores/ui-store";
import { shellActions } from "../shell/shell-store";

type Abilities = ReturnType<typeof moveAbilities>;
const NONE: Abilities = { topic: false, stream: false };

/** What the user `ownUserId` of `users` may move under `rules` (nothing until both are in). */
function abilities(
  users: readonly User[] | undefined,
  ownUserId: number | undefined,
  rules: MoveRules | undefined,
  message: Message | undefined,
  nowSeconds: number,
): Abilities {
  const role = users?.find((user) => user.user_id === ownUserId)?.role;
  if (role === undefined || rules === undefined) return NONE;
  return moveAbilities(message, role, rules, nowSeconds);
}

/**
 * What the signed-in user may move: `message` (as of when the caller mounted: a message's
 * toolbar mounts when its row is hovered or selected), or without one, any topic. From the
 * users list and the rules the register snapshot seeds, so no request.
 */
export function useMoveAbilities(message?: Message): Abilities {
  const ownUserId = useSessionStore((session) => session.credentials?.userId);
  const users = useSnapshotQuery(userQueries.list()).data;
  const rules = useSnapshotQuery(realmQueries.moveRules()).data;
  const [mountedAt] = useState(() => Date.now() / 1000);
  return abilities(users, ownUserId, rules, message, mountedAt);
}

/**
 * Opens the "Move messages" dialog on one message (its actions menu, `m`), with the topic's
 * list as the message store holds it, for Zulip's default of which messages.
 */
export function openMoveMessage(message: Message, mayMoveStream: boolean): void {
  if (message.stream_id === undefined) return;
  const held = currentNarrowState(topicNarrow(message.stream_id, "", message.subject));
  shellActions.openDialog({
    kind: "move",
    target: {
      messageId: message.id,
      streamId: message.stream_id,
      topic: message.subject,
      isOneMessage: true,
      mayMoveStream,
      held,
    },
  });
}

/** Opens the "Move topic" dialog for a whole topic, moved through its newest message `maxId`. */
export function openMoveTopic(
  streamId: number,
  topic: string,
  maxId: number,
  mayMoveStream: boolean,
): void {
  shellActions.openDialog({
    kind: "move",
    target: { messageId: maxId, streamId, topic, isOneMessage: false, mayMoveStream },
  });
}

/** `m`: the "Move messages" dialog for the selected message, when the user may move it. */
export function moveSelectedMessage(queryClient: QueryClient): boolean {
  const id = currentSelectedMessageId();
  const message = id === null ? undefined : currentMessage(id);
  if (message === undefined) return false;
  const may = abilities(
    queryClient.getQueryData(userQueries.list().queryKey),
    currentOwnUserId(),
    queryClient.getQueryData(realmQueries.moveRules().queryKey),
    message,
    Date.now() / 1000,
  );
  if (!may.topic && !may.stream) return false;
  openMoveMessage(message, may.stream);
  return true;
}
