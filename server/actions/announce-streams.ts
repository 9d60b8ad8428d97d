import type { AppContext } from "../context";
import { findStreamByName, type StreamRow } from "../db/streams";
import { findUserByEmail, type UserRow } from "../db/users";
import { DEMO_DOMAIN } from "../demo/demo-org";
import { sendMessage } from "./send-message";
import { MAX_MESSAGE_BYTES } from "./validate";

/** The bot that announces new streams (Zulip's notification bot). */
const ANNOUNCEMENT_BOT_EMAIL = `welcome-bot@${DEMO_DOMAIN}`;
/** Where new streams are announced (Zulip's `new_stream_announcements_stream`). */
const ANNOUNCEMENT_STREAM = "general";
/** The topic of the announcements. */
const ANNOUNCEMENT_TOPIC = "new streams";

function announcement(creator: UserRow, streams: readonly StreamRow[]): string {
  const links = streams.map((stream) => `#**${stream.name}**`);
  return streams.length === 1
    ? `@_**${creator.full_name}** created a new stream ${links.join("")}.`
    : `@_**${creator.full_name}** created the following streams: ${links.join(", ")}.`;
}

async function post(ctx: AppContext, bot: UserRow, streamId: number, content: string) {
  await sendMessage(ctx, bot, {
    target: { kind: "stream", stream: streamId, topic: ANNOUNCEMENT_TOPIC },
    content,
    client: "Internal",
    readBySender: true,
    queueId: undefined,
    localId: undefined,
  });
}

/**
 * Zulip's `announce`: after the subscriptions are committed and their events sent, the bot
 * posts `@_**creator** created a new stream #**name**.` to `general`, or, when there is no
 * public `general`, into each new stream itself. Only public streams are announced: naming a
 * private stream in `general` would tell everyone it exists (Zulip's web app offers `announce`
 * only for public streams). Several streams share one message unless it would be too long.
 */
export async function announceNewStreams(
  ctx: AppContext,
  creator: UserRow,
  created: readonly StreamRow[],
): Promise<void> {
  const streams = created.filter((stream) => !stream.invite_only);
  if (streams.length === 0) return;
  const bot = await findUserByEmail(ctx.db, ANNOUNCEMENT_BOT_EMAIL);
  if (!bot?.is_active) return;
  const general = await findStreamByName(ctx.db, ANNOUNCEMENT_STREAM);
  if (!general || general.invite_only) {
    for (const stream of streams) await post(ctx, bot, stream.id, announcement(creator, [stream]));
    return;
  }
  const together = announcement(creator, streams);
  if (Buffer.byteLength(together, "utf8") <= MAX_MESSAGE_BYTES) {
    await post(ctx, bot, general.id, together);
    return;
  }
  for (const stream of streams) await post(ctx, bot, general.id, announcement(creator, [stream]));
}
