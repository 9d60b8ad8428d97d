import type { DemoSize } from "../config";
import { generateApiKey } from "../actions/api-key";
import { sendMessage } from "../actions/send-message";
import type { AppContext, RealmInfo } from "../context";
import { withinTransaction } from "../db/nested";
import { insertStream, upsertSubscription } from "../db/streams";
import { findUserByEmail, insertUser } from "../db/users";
import {
  DEMO_DIRECT_MESSAGES,
  DEMO_DOMAIN,
  DEMO_STREAM_MESSAGES,
  DEMO_STREAMS,
  DEMO_USERS,
} from "./demo-org";
import { demoPasswordHash, seedRealmObjects } from "./seed-realm";
import { seedHistory } from "./seed-history";

export const DEMO_REALM: RealmInfo = {
  name: "Parley Demo",
  stringId: "parley",
  description: "A demo organisation of Parley.",
};

const STREAM_COLOURS = [
  "#76ce90",
  "#fae589",
  "#a6c7e5",
  "#b0a5fd",
  "#f5ce6e",
  "#e79ab5",
  "#94c849",
  "#bd86e5",
];

const DAY = 24 * 3600;

async function userId(ctx: AppContext, localPart: string): Promise<number> {
  const user = await findUserByEmail(ctx.db, `${localPart}@${DEMO_DOMAIN}`);
  if (!user) throw new Error(`demo user ${localPart} missing`);
  return user.id;
}

async function seedPeopleAndStreams(ctx: AppContext, start: number): Promise<void> {
  const passwordHash = await demoPasswordHash();
  for (const user of DEMO_USERS) {
    await insertUser(ctx.db, {
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      isBot: user.isBot ?? false,
      ...(user.isBot ? { botType: 1 } : {}),
      ...(user.timezone ? { timezone: user.timezone } : {}),
      apiKey: generateApiKey(),
      ...(user.isBot ? {} : { passwordHash }),
      dateJoined: start,
    });
  }
  for (const [index, stream] of DEMO_STREAMS.entries()) {
    const streamId = await insertStream(ctx.db, {
      name: stream.name,
      description: stream.description,
      inviteOnly: stream.inviteOnly,
      historyPublicToSubscribers: !stream.inviteOnly,
      dateCreated: start,
    });
    for (const member of stream.subscribers) {
      await upsertSubscription(
        ctx.db,
        await userId(ctx, member),
        streamId,
        STREAM_COLOURS[index % STREAM_COLOURS.length] ?? "#a6c7e5",
      );
    }
  }
}

/** The hand-written conversations, as the newest messages of the last two days. */
async function seedMessages(ctx: AppContext, now: number): Promise<void> {
  const start = now - 2 * DAY;
  const total = DEMO_STREAM_MESSAGES.length + DEMO_DIRECT_MESSAGES.length;
  const step = Math.floor((now - 600 - start) / total);
  let at = start;
  const common = { client: "website", readBySender: true, queueId: undefined, localId: undefined };
  for (const [sender, stream, topic, content] of DEMO_STREAM_MESSAGES) {
    at += step;
    const user = await findUserByEmail(ctx.db, `${sender}@${DEMO_DOMAIN}`);
    if (!user) throw new Error(`demo user ${sender} missing`);
    await sendMessage(ctx, user, {
      ...common,
      target: { kind: "stream", stream, topic },
      content,
      dateSent: at,
    });
  }
  for (const [sender, recipients, content] of DEMO_DIRECT_MESSAGES) {
    at += step;
    const user = await findUserByEmail(ctx.db, `${sender}@${DEMO_DOMAIN}`);
    if (!user) throw new Error(`demo user ${sender} missing`);
    const to = recipients.map((local) => `${local}@${DEMO_DOMAIN}`);
    await sendMessage(ctx, user, {
      ...common,
      target: { kind: "direct", recipients: to },
      content,
      dateSent: at,
    });
  }
}

/**
 * Seeds the demo organisation (people, streams, linkifiers, emoji, groups, months of history)
 * when the database has none, in one transaction: a crash halfway
 * leaves an empty database that the next start seeds again. `messages` overrides the size's
 * history length (benchmarks seed the huge shape at several sizes). Returns whether it seeded.
 */
export async function seedDemoIfEmpty(
  ctx: AppContext,
  size: DemoSize = "default",
  options: { messages?: number } = {},
): Promise<boolean> {
  const existing = await ctx.db.query<{ id: number }>("SELECT id FROM realm");
  if (existing.length > 0) return false;
  const now = Math.floor(ctx.clock.now() / 1000);
  const start = now - 200 * DAY;
  await ctx.db.transaction(async (tx) => {
    const inner: AppContext = { ...ctx, db: withinTransaction(tx, ctx.db) };
    await inner.db.query(
      "INSERT INTO realm (name, string_id, description, date_created) VALUES ($1, $2, $3, $4)",
      [DEMO_REALM.name, DEMO_REALM.stringId, DEMO_REALM.description, start],
    );
    await seedPeopleAndStreams(inner, start);
    await seedRealmObjects(inner);
    await seedHistory(inner, size, now, STREAM_COLOURS, options.messages);
    await seedMessages(inner, now);
  });
  return true;
}

/** The realm's identity as stored. */
export async function loadRealm(ctx: Pick<AppContext, "db">): Promise<RealmInfo> {
  const [row] = await ctx.db.query<{ name: string; string_id: string; description: string }>(
    "SELECT name, string_id, description FROM realm",
  );
  if (!row) throw new Error("the database holds no organisation");
  return { name: row.name, stringId: row.string_id, description: row.description };
}
