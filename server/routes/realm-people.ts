import type { ResponsePayload } from "../../common/wire/endpoints";
import { getUserPresence, realmPresence, updatePresence } from "../actions/presence";
import { sendTyping, type TypingTarget } from "../actions/typing";
import {
  createUserGroup,
  deactivateUserGroup,
  getUserGroupMembers,
  getUserGroups,
  updateUserGroup,
  updateUserGroupMembers,
} from "../actions/user-groups";
import type { Queryable } from "../db/database";
import { isDbId } from "../db/ids";
import { findUserByEmail, findUserById, listRealmUsers, type UserRow } from "../db/users";
import { formatUser } from "../format/user";
import { clientName } from "../http/auth";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { ApiError, badRequest, missingArgument } from "../http/errors";
import { parseJsonArgument, type Params } from "../http/params";
import { intList } from "./int-list";
import { pathInteger, pathText } from "./path-params";

/** `users/{user_id}` takes a user id or, since Zulip 4.0, an email. */
async function findUserByIdOrEmail(db: Queryable, key: string): Promise<UserRow | undefined> {
  if (/^\d+$/.test(key)) {
    const id = Number(key);
    return isDbId(id) ? findUserById(db, id) : undefined;
  }
  return findUserByEmail(db, key);
}

/** GET /api/v1/users/{user_id} and /users/{email}: deactivated users and bots included. */
async function getUser(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"users/{user_id}", "GET">> {
  call.params.optionalBool("client_gravatar");
  call.params.optionalBool("include_custom_profile_fields");
  const user = await findUserByIdOrEmail(call.ctx.db, pathText(call, "user_id"));
  if (!user) throw badRequest("No such user");
  return { user: formatUser(user) };
}

/** POST /api/v1/users/me/presence */
async function postPresence(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"users/me/presence", "POST">> {
  const { params, ctx, user, request } = call;
  const status = params.string("status");
  if (status !== "active" && status !== "idle") throw badRequest(`Invalid status: ${status}`);
  const pingOnly = params.bool("ping_only", false);
  params.optionalBool("new_user_input"); // only affects push notifications, which we don't send
  const slim = params.bool("slim_presence", false);
  const client = clientName(params.optionalString("client"), request.headers["user-agent"]);
  await updatePresence(ctx, user, { status, client });
  return pingOnly ? {} : realmPresence(ctx, slim);
}

/** GET /api/v1/users/{user_id or email}/presence */
async function getPresence(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"users/{user_id}/presence", "GET">> {
  const asked = pathText(call, "user_id");
  const target = await findUserByIdOrEmail(call.ctx.db, asked);
  const now = Math.floor(call.ctx.clock.now() / 1000);
  return { presence: await getUserPresence(call.ctx.db, target, asked, now) };
}

/** `to` of `/typing`: a JSON list of user ids, or emails from old clients. */
function typingRecipients(params: Params): (number | string)[] | undefined {
  const raw = params.optionalString("to");
  if (raw === undefined) return undefined;
  const value = parseJsonArgument("to", raw);
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const isIds = list.every((v) => typeof v === "number" && Number.isSafeInteger(v));
  const isEmails = list.every((v) => typeof v === "string");
  if (!isIds && !isEmails) throw new ApiError("to is not a list of user ids");
  return list.filter((v): v is number | string => typeof v === "number" || typeof v === "string");
}

/** POST /api/v1/typing */
async function postTyping(call: AuthenticatedCall): Promise<ResponsePayload<"typing", "POST">> {
  const { params } = call;
  const op = params.optionalChoice("op", ["start", "stop"]);
  if (op === undefined) throw missingArgument("op");
  const type =
    params.optionalChoice("type", ["direct", "private", "stream", "channel"]) ?? "direct";
  let target: TypingTarget;
  if (type === "stream" || type === "channel") {
    target = {
      kind: "stream",
      streamId: params.optionalInt("stream_id"),
      topic: params.optionalString("topic"),
    };
  } else {
    // `private` is the name before Zulip 7.0 (FL 174); Zulip refuses it since FL 215, we don't.
    const to = typingRecipients(params);
    if (to === undefined) throw badRequest("Missing 'to' argument");
    target = { kind: "direct", to };
  }
  await sendTyping(call.ctx, call.user, op, target);
  return {};
}

/** POST /api/v1/user_groups/create */
async function postUserGroup(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"user_groups/create", "POST">> {
  const { params } = call;
  const groupId = await createUserGroup(call.ctx, call.user, {
    name: params.string("name"),
    description: params.string("description"),
    members: intList(params, "members") ?? [],
  });
  return { group_id: groupId };
}

/** POST /api/v1/user_groups/{user_group_id}/members */
async function postUserGroupMembers(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"user_groups/{user_group_id}/members", "POST">> {
  const add = intList(call.params, "add") ?? [];
  const remove = intList(call.params, "delete") ?? [];
  await updateUserGroupMembers(call.ctx, call.user, pathInteger(call, "user_group_id"), {
    add,
    remove,
  });
  return {};
}

/** PATCH /api/v1/user_groups/{user_group_id}: `name` and/or `description`. */
async function patchUserGroup(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"user_groups/{user_group_id}", "PATCH">> {
  const { params } = call;
  // `can_mention_group` is not editable here: groups stay mentionable by everyone.
  await updateUserGroup(call.ctx, call.user, pathInteger(call, "user_group_id"), {
    name: params.optionalString("name"),
    description: params.optionalString("description"),
  });
  return {};
}

/** Users, presence, typing notifications and user groups. */
export const peopleEndpoints: Endpoint[] = [
  /** GET /api/v1/users */
  userEndpoint("users", {
    GET: async ({ ctx, params }) => {
      params.optionalBool("client_gravatar");
      params.optionalBool("include_custom_profile_fields");
      return { members: (await listRealmUsers(ctx.db)).map(formatUser) };
    },
  }),
  userEndpoint("users/{user_id}", { GET: getUser }),
  userEndpoint("users/me/presence", { POST: postPresence }),
  userEndpoint("users/{user_id}/presence", { GET: getPresence }),
  /** GET /api/v1/realm/presence */
  userEndpoint("realm/presence", { GET: ({ ctx }) => realmPresence(ctx, false) }),
  userEndpoint("typing", { POST: postTyping }),
  /** GET /api/v1/user_groups */
  userEndpoint("user_groups", {
    GET: async ({ ctx, user, params }) => ({
      user_groups: await getUserGroups(ctx, user, params.bool("include_deactivated_groups", false)),
    }),
  }),
  userEndpoint("user_groups/{user_group_id}", { PATCH: patchUserGroup }),
  /** POST /api/v1/user_groups/{user_group_id}/deactivate (Zulip 10) */
  userEndpoint("user_groups/{user_group_id}/deactivate", {
    POST: async (call) => {
      await deactivateUserGroup(call.ctx, call.user, pathInteger(call, "user_group_id"));
      return {};
    },
  }),
  userEndpoint("user_groups/create", { POST: postUserGroup }),
  userEndpoint("user_groups/{user_group_id}/members", {
    POST: postUserGroupMembers,
    GET: async (call) => {
      const directOnly = call.params.bool("direct_member_only", false);
      const id = pathInteger(call, "user_group_id");
      return { members: await getUserGroupMembers(call.ctx, call.user, id, directOnly) };
    },
  }),
];
