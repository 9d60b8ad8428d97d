import { afterEach, expect, it } from "vitest";
import { renderMarkdown } from "../../common/markdown/render";
import { systemClock } from "../clock";
import { loadConfig } from "../config";
import type { AppContext } from "../context";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { QueueRegistry } from "../events/queue-registry";
import { RenderContextCache } from "../render/render-context";
import { openTestDatabase } from "../test/test-database";
import { DEMO_REALM, seedDemoIfEmpty } from "./seed";
import { HUGE_SHAPE } from "./bulk-sql";

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function seedHuge(messages: number): Promise<AppContext> {
  db = await openTestDatabase();
  await migrate(db);
  const ctx: AppContext = {
    db,
    clock: systemClock,
    config: { ...loadConfig({}, process.cwd()), dataDir: undefined },
    queues: new QueueRegistry(systemClock, {
      heartbeatSeconds: 60,
      queueTimeoutSeconds: 600,
      maxQueuesPerUser: 10,
    }),
    realm: DEMO_REALM,
    renderContext: new RenderContextCache(),
  };
  await seedDemoIfEmpty(ctx, "huge", { messages });
  return ctx;
}

it("the huge history made in SQL is what the server would have written", async () => {
  const ctx = await seedHuge(2000);
  const generated = await ctx.db.query<{ id: number; content: string; rendered_content: string }>(
    "SELECT id, content, rendered_content FROM messages WHERE sending_client = 'website' ORDER BY id LIMIT 2000",
  );
  expect(generated).toHaveLength(2000);
  const context = await ctx.renderContext.forSender(ctx.db, 0, "");
  for (const message of generated) {
    expect(message.rendered_content).toBe(renderMarkdown(message.content, context));
  }
  const [shape] = await ctx.db.query<{
    members: number;
    orphans: number;
    unsent: number;
    mentions: number;
    unflagged: number;
    misprivate: number;
  }>(
    `SELECT (SELECT count(*)::int FROM users WHERE email LIKE 'member%') AS members,
            (SELECT count(*)::int FROM user_messages um JOIN messages m ON m.id = um.message_id
              WHERE m.stream_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM subscriptions s
                WHERE s.user_id = um.user_id AND s.stream_id = m.stream_id AND s.active)) AS orphans,
            (SELECT count(*)::int FROM messages m WHERE NOT EXISTS (SELECT 1 FROM user_messages um
                WHERE um.message_id = m.id AND um.user_id = m.sender_id)) AS unsent,
            (SELECT count(*)::int FROM messages WHERE content LIKE '@**%') AS mentions,
            (SELECT count(*)::int FROM messages m JOIN users u ON m.content LIKE '@**' || u.full_name || '** %'
              WHERE NOT EXISTS (SELECT 1 FROM user_messages um WHERE um.message_id = m.id
                AND um.user_id = u.id AND um.flags & 8 = 8)) AS unflagged,
            (SELECT count(*)::int FROM user_messages um JOIN messages m ON m.id = um.message_id
              WHERE (m.stream_id IS NULL) <> (um.flags & 2048 <> 0)) AS misprivate`,
  );
  expect(shape).toMatchObject({
    members: HUGE_SHAPE.members,
    orphans: 0,
    unsent: 0,
    unflagged: 0,
    misprivate: 0,
  });
  expect(shape?.mentions).toBeGreaterThan(0);
});
