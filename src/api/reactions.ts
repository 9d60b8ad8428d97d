import type { ApiClient, CallOptions } from "./client";

/** `unicode_emoji` (code: hex code points), `realm_emoji` (code: the id), `zulip_extra_emoji`. */
export type ReactionType = "unicode_emoji" | "realm_emoji" | "zulip_extra_emoji";

/** An emoji as a reaction names it; the server looks up a missing code or type by name. */
export interface ReactionParams {
  message_id: number;
  emoji_name: string;
  emoji_code?: string | undefined;
  reaction_type?: ReactionType | undefined;
}

/** POST /api/v1/messages/{message_id}/reactions — adds the caller's reaction. */
export async function addReaction(
  client: ApiClient,
  params: ReactionParams,
  options: CallOptions = {},
): Promise<void> {
  const { message_id, ...emoji } = params;
  await client.call("POST", "messages/{message_id}/reactions", {
    path: { message_id },
    params: emoji,
    signal: options.signal,
  });
}

/** DELETE /api/v1/messages/{message_id}/reactions — removes the caller's reaction. */
export async function removeReaction(
  client: ApiClient,
  params: ReactionParams,
  options: CallOptions = {},
): Promise<void> {
  const { message_id, ...emoji } = params;
  await client.call("DELETE", "messages/{message_id}/reactions", {
    path: { message_id },
    params: emoji,
    signal: options.signal,
  });
}
