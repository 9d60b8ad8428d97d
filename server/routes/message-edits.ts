import type { ResponsePayload } from "../../common/wire/endpoints";
import { editMessage, PROPAGATE_MODES, type PropagateMode } from "../actions/edit-message";
import { getMessage, parseMessageId } from "../actions/get-message";
import { getMessageHistory } from "../actions/message-history";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { badRequest } from "../http/errors";
import { realmUrl } from "../http/realm-url";
import { topicParam, type Params } from "../http/params";

function propagateModeParam(params: Params): PropagateMode {
  const raw = params.optionalString("propagate_mode");
  if (raw === undefined) return "change_one";
  const mode = PROPAGATE_MODES.find((candidate) => candidate === raw);
  if (mode === undefined) throw badRequest("Invalid propagate_mode");
  return mode;
}

/** GET /api/v1/messages/{message_id} */
async function getSingleMessage(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/{message_id}", "GET">> {
  const messageId = parseMessageId(call.path["message_id"]);
  const applyMarkdown = call.params.bool("apply_markdown", true);
  return getMessage(call.ctx, call.user, messageId, applyMarkdown);
}

/** PATCH /api/v1/messages/{message_id} */
async function updateMessage(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/{message_id}", "PATCH">> {
  const { params } = call;
  const messageId = parseMessageId(call.path["message_id"]);
  await editMessage(call.ctx, call.user, {
    messageId,
    content: params.optionalString("content"),
    topic: topicParam(params),
    streamId: params.optionalInt("stream_id"),
    propagateMode: propagateModeParam(params),
    sendNotificationToOldThread: params.bool("send_notification_to_old_thread", false),
    sendNotificationToNewThread: params.bool("send_notification_to_new_thread", true),
    realmUrl: realmUrl(call.ctx, call.request),
  });
  return {};
}

/** GET /api/v1/messages/{message_id}/history */
async function getMessageHistoryRoute(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"messages/{message_id}/history", "GET">> {
  const messageId = parseMessageId(call.path["message_id"]);
  return { message_history: await getMessageHistory(call.ctx, call.user, messageId) };
}

/** Fetching one message, editing it, and its edit history. */
export const messageEditEndpoints: Endpoint[] = [
  userEndpoint("messages/{message_id}", { GET: getSingleMessage, PATCH: updateMessage }),
  userEndpoint("messages/{message_id}/history", { GET: getMessageHistoryRoute }),
];
