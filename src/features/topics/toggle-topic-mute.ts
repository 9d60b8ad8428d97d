import { errorText } from "../../lib/error-text";
import { setTopicPolicy } from "../../queries/muting-mutations";
import { currentApiClient } from "../../stores/session-store";
import { currentTopicMuting } from "../../stores/unread-store";
import { topicActionVerb, topicVisibilityActions } from "./topic-visibility";

/**
 * Shift+M on a topic: mutes it, or unmutes it, as the first entry of the topic's menu would (in
 * a muted stream, "unmuting" makes the topic heard despite the stream). Resolves to the
 * server's refusal, worded for the user, or null once done.
 */
export async function toggleTopicMute(streamId: number, topic: string): Promise<string | null> {
  const { policy, isStreamMuted } = currentTopicMuting(streamId, topic);
  const [mute] = topicVisibilityActions(policy, isStreamMuted);
  if (mute === undefined) return null;
  try {
    await setTopicPolicy(currentApiClient(), { streamId, topic, policy: mute.policy });
    return null;
  } catch (error: unknown) {
    return `Could not ${topicActionVerb(mute.label)} “${topic}”: ${errorText(error)}`;
  }
}

/** Whether a key press is Shift+M alone (Zulip's mute key in its views). */
export function isMuteKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): boolean {
  return event.key === "M" && !event.ctrlKey && !event.metaKey && !event.altKey;
}
