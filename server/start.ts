import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { systemClock, type Clock } from "./clock";
import type { ServerConfig } from "./config";
import type { AppContext } from "./context";
import { openPglite, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { DEMO_REALM, loadRealm, seedDemoIfEmpty } from "./demo/seed";
import { QueueRegistry } from "./events/queue-registry";

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Whether this start seeded the demo organisation (false when the data was already there). */
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, seeds the demo organisation on first start, and builds
 * the app (not yet listening). `main.ts` and the tests both start the server through this.
 */
export async function startServer(
  config: ServerConfig,
  options: { clock?: Clock; db?: Database } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const db = options.db ?? (await openPglite(config.dataDir));
  await migrate(db);
  const queues = new QueueRegistry(clock, {
    heartbeatSeconds: config.heartbeatSeconds,
    queueTimeoutSeconds: config.queueTimeoutSeconds,
    maxQueuesPerUser: config.maxQueuesPerUser,
  });
  const seedContext: AppContext = { db, clock, config, queues, realm: DEMO_REALM };
  const seeded = await seedDemoIfEmpty(seedContext);
  const ctx: AppContext = { ...seedContext, realm: await loadRealm(seedContext) };
  queues.start();
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    seeded,
    async close() {
      queues.stop();
      await app.close();
      await db.close();
    },
  };
}
