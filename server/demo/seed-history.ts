import { renderMarkdown } from "../../common/markdown/render";
import { generateApiKey } from "../actions/api-key";
import { editMessage } from "../actions/edit-message";
import { addReaction } from "../actions/reactions";
import { systemClock, type Clock } from "../clock";
import type { DemoSize } from "../config";
import type { AppContext } from "../context";
import { insertStream, upsertSubscription } from "../db/streams";
import { findUserById, insertUser, listUsers } from "../db/users";
import { insertHistory } from "./bulk";
import { seedBulkHistory } from "./bulk-sql";
import { DEMO_DOMAIN, DEMO_HISTORY_SIZE, DEMO_STREAMS, DEMO_EMOJI } from "./demo-org";
import {
  createRandom,
  generateHistory,
  type GeneratedMessage,
  type HistoryStream,
} from "./history";

const DAY = 24 * 3600;
const LARGE_EXTRA_USERS = 200;
const LARGE_EXTRA_STREAMS = 22;
const REACTION_EMOJI = [
  "+1",
  "tada",
  "heart",
  "smile",
  "eyes",
  "rocket",
  ...DEMO_EMOJI.slice(0, 3).map(([name]) => name),
];

/** The people and streams of a large organisation, on top of the demo's (benchmarks). */
async function seedLargeExtras(
  ctx: AppContext,
  start: number,
  colours: readonly string[],
): Promise<void> {
  const random = createRandom(7);
  const ids: number[] = [];
  for (let n = 1; n <= LARGE_EXTRA_USERS; n++) {
    const number = String(n).padStart(3, "0");
    ids.push(
      await insertUser(ctx.db, {
        email: `member${number}@${DEMO_DOMAIN}`,
        fullName: `Member ${number}`,
        role: 400,
        isBot: false,
        apiKey: generateApiKey(),
        dateJoined: start,
      }),
    );
  }
  const [general, announcements] = await Promise.all(
    ["general", "announcements"].map((name) =>
      ctx.db.query<{ id: number }>("SELECT id FROM streams WHERE name = $1", [name]),
    ),
  );
  for (const id of ids) {
    for (const stream of [...(general ?? []), ...(announcements ?? [])])
      await upsertSubscription(ctx.db, id, stream.id, "#a6c7e5");
  }
  for (let n = 1; n <= LARGE_EXTRA_STREAMS; n++) {
    const streamId = await insertStream(ctx.db, {
      name: `team-${String(n).padStart(2, "0")}`,
      description: `Team ${n}'s stream.`,
      inviteOnly: false,
      historyPublicToSubscribers: true,
      dateCreated: start,
    });
    for (const id of ids) {
      if (random() < 0.15)
        await upsertSubscription(ctx.db, id, streamId, colours[n % colours.length] ?? "#a6c7e5");
    }
  }
}

async function historyStreams(
  ctx: AppContext,
): Promise<{ streams: HistoryStream[]; recipients: Map<number, number> }> {
  const rows = await ctx.db.query<{
    id: number;
    name: string;
    recipient_id: number;
    subscribers: number[] | null;
  }>(
    `SELECT s.id, s.name, r.id AS recipient_id,
            (SELECT array_agg(user_id ORDER BY user_id) FROM subscriptions sub WHERE sub.stream_id = s.id AND sub.active) AS subscribers
       FROM streams s JOIN recipients r ON r.type = 2 AND r.type_id = s.id ORDER BY s.id`,
  );
  const topicsByName = new Map(DEMO_STREAMS.map((stream) => [stream.name, stream.topics]));
  const streams = rows
    .filter((row) => (row.subscribers ?? []).length > 0)
    .map((row) => ({
      id: row.id,
      name: row.name,
      topics: topicsByName.get(row.name) ?? ["planning", "standup", "random", "questions", "wins"],
      subscriberIds: row.subscribers ?? [],
    }));
  return { streams, recipients: new Map(rows.map((row) => [row.id, row.recipient_id])) };
}

/** A clock stopped at one moment: edits and reactions of the past happen at their own time. */
function clockAt(seconds: number): Clock {
  return { ...systemClock, now: () => seconds * 1000 };
}

async function seedEdits(
  ctx: AppContext,
  messages: readonly GeneratedMessage[],
  ids: readonly number[],
  count: number,
): Promise<void> {
  const random = createRandom(11);
  const edited = new Set<number>();
  for (let attempt = 0; edited.size < count && attempt < count * 20; attempt++) {
    const index = Math.floor(random() * messages.length);
    const message = messages[index];
    const id = ids[index];
    if (!message || id === undefined || edited.has(id) || message.target.kind !== "stream")
      continue;
    const editor = await findUserById(ctx.db, message.senderId);
    if (!editor || editor.is_bot) continue;
    edited.add(id);
    const isTopicEdit = edited.size % 4 === 0;
    await editMessage({ ...ctx, clock: clockAt(message.timestamp + 90) }, editor, {
      messageId: id,
      content: isTopicEdit ? undefined : `${message.content} (Edited to add: sorry for the typo.)`,
      topic: isTopicEdit ? `${message.target.topic} (follow-up)` : undefined,
      streamId: undefined,
      propagateMode: "change_one",
      sendNotificationToOldThread: false,
      sendNotificationToNewThread: false,
    });
  }
}

async function seedReactions(
  ctx: AppContext,
  messages: readonly GeneratedMessage[],
  ids: readonly number[],
  count: number,
  streams: readonly HistoryStream[],
): Promise<void> {
  const random = createRandom(13);
  const subscribers = new Map(streams.map((s) => [s.id, s.subscriberIds]));
  const done = new Set<string>();
  const users = new Map((await listUsers(ctx.db)).map((u) => [u.id, u]));
  for (let attempt = 0; done.size < count && attempt < count * 20; attempt++) {
    const index = messages.length - 1 - Math.floor(random() * Math.min(messages.length, 600));
    const message = messages[index];
    const id = ids[index];
    if (!message || id === undefined) continue;
    const audience =
      message.target.kind === "stream"
        ? (subscribers.get(message.target.streamId) ?? [])
        : [message.senderId, ...message.target.userIds];
    const reactor = users.get(audience[Math.floor(random() * audience.length)] ?? -1);
    const emoji = REACTION_EMOJI[Math.floor(random() * REACTION_EMOJI.length)] ?? "+1";
    const key = `${id}:${reactor?.id ?? 0}:${emoji}`;
    if (!reactor || reactor.is_bot || done.has(key)) continue;
    done.add(key);
    await addReaction({ ...ctx, clock: clockAt(message.timestamp + 300) }, reactor, id, {
      emojiName: emoji,
      emojiCode: undefined,
      reactionType: undefined,
    });
  }
}

/**
 * The demo's generated history: months of messages across every stream's topics, direct and
 * group conversations, a few edits (with real edit history), reactions and stars. `large`
 * adds 200 people, 22 streams and 100,000 messages, for benchmarks; `huge` a thousand people,
 * 100 team streams and a million messages (or `messages`), generated in SQL.
 */
export async function seedHistory(
  ctx: AppContext,
  size: DemoSize,
  now: number,
  colours: readonly string[],
  messages: number = DEMO_HISTORY_SIZE[size],
): Promise<void> {
  const start = now - 180 * DAY;
  if (size === "minimal") return;
  if (size === "huge") {
    await seedBulkHistory(ctx.db, { count: messages, start, end: now - 2 * DAY, seed: 1, colours });
    return;
  }
  if (size === "large") await seedLargeExtras(ctx, start, colours);
  const { streams, recipients } = await historyStreams(ctx);
  const people = (await listUsers(ctx.db))
    .filter((u) => !u.is_bot)
    .map((u) => ({ id: u.id, fullName: u.full_name }));
  const history = generateHistory(streams, people, {
    count: messages,
    directShare: 0.08,
    startTime: start,
    endTime: now - 2 * DAY,
    seed: 1,
  });
  // Public streams only: generated messages link no private stream.
  const context = await ctx.renderContext.forSender(ctx.db, 0, "");
  const ids = await insertHistory(ctx.db, history, {
    subscribers: new Map(streams.map((s) => [s.id, s.subscriberIds])),
    streamRecipients: recipients,
    unreadTail: 0.02,
    seed: 2,
    render: (content) => renderMarkdown(content, context),
  });
  await seedEdits(ctx, history, ids, 24);
  await seedReactions(ctx, history, ids, 160, streams);
}
