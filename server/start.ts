import { rm } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { emojiFolder } from "./actions/emoji";
import { closeUploadStorage } from "./actions/upload-storage";
import { closeThumbnailer } from "./actions/upload-thumbnails";
import { buildApp } from "./app";
import { trackRequestsInFlight } from "./drain-connections";
import { systemClock, type Clock } from "./clock";
import type { ServerConfig } from "./config";
import type { AppContext } from "./context";
import { openPglite, openPostgres, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { StatisticsKeeper } from "./db/statistics";
import { DEMO_REALM, loadRealm, seedDemoIfEmpty } from "./demo/seed";
import {
  queueFileOf,
  restoreQueues,
  saveQueues,
  type RestoreOutcome,
} from "./events/queue-persistence";
import { notificationBot } from "./actions/notification-bot";
import { sendRestartEvents } from "./actions/restart-events";
import { RenderContextCache } from "./render/render-context";
import { QueueRegistry } from "./events/queue-registry";

interface CloseOptions {
  /** Save the event queues to the data folder (default true; nothing is saved without one). */
  saveQueues?: boolean;
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Whether this start seeded the demo organisation (false when the data was already there). */
  seeded: boolean;
  /** What became of the event queues saved by the previous run. */
  restoredQueues: RestoreOutcome;
  /**
   * Stops gracefully: answers parked polls, stops taking requests, waits for those in flight
   * and for the delivery of the events they published, saves the event queues (unless told not to), closes the database, and removes the
   * temporary emoji folder of a server without a data folder.
   */
  close(options?: CloseOptions): Promise<void>;
}

/** The database `config` asks for: a PostgreSQL server with `databaseUrl`, else PGlite. */
async function openDatabase(
  config: ServerConfig,
  onFailure: ((error: Error) => void) | undefined,
): Promise<Database> {
  return config.databaseUrl !== undefined
    ? openPostgres(config.databaseUrl)
    : openPglite(config.dataDir, onFailure ? { onFailure } : {});
}

/** How often the server checks whether `messages` grew enough to re-analyze. */
const STATISTICS_CHECK_MS = 60_000;

/**
 * Brings the planner's statistics up to date (a fresh seed, or a database that grew since) and
 * checks again every minute: PGlite has no autovacuum to do it. A fresh seed is vacuumed too
 * (`vacuumAndAnalyze`), before the server listens. After a seed, a CHECKPOINT
 * lets PGlite recycle the seed's write-ahead log instead of replaying it on the next start.
 */
async function keepStatistics(db: Database, seeded: boolean): Promise<NodeJS.Timeout> {
  const keeper = new StatisticsKeeper(db);
  if (seeded) await keeper.vacuumAndAnalyze();
  else await keeper.analyzeIfGrown();
  if (seeded) {
    try {
      await db.query("CHECKPOINT");
    } catch {
      // A PostgreSQL role without pg_checkpoint may not; its own checkpointer will.
    }
  }
  const timer = setInterval(() => {
    keeper.analyzeIfGrown().catch((error: unknown) => {
      console.error("ANALYZE failed:", error instanceof Error ? error.message : error);
    });
  }, STATISTICS_CHECK_MS);
  timer.unref();
  return timer;
}

/**
 * Opens the database, applies migrations, seeds the demo organisation on first start, restores
 * the event queues saved by the last graceful stop, and builds the app (not yet listening).
 * `main.ts` and the tests both start the server through this.
 */
export async function startServer(
  config: ServerConfig,
  options: {
    clock?: Clock;
    db?: Database;
    /** Told once if PGlite's worker dies (every statement then fails); main.ts stops. */
    onDatabaseFailure?: (error: Error) => void;
  } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const db = options.db ?? (await openDatabase(config, options.onDatabaseFailure));
  await migrate(db);
  const queues = new QueueRegistry(clock, {
    heartbeatSeconds: config.heartbeatSeconds,
    queueTimeoutSeconds: config.queueTimeoutSeconds,
    maxQueuesPerUser: config.maxQueuesPerUser,
  });
  const seedContext: AppContext = {
    db,
    clock,
    config,
    queues,
    realm: DEMO_REALM,
    renderContext: new RenderContextCache(config.camo),
  };
  const seeded = await seedDemoIfEmpty(seedContext, config.demoSize);
  const statistics = await keepStatistics(db, seeded);
  // Zulip's system bot that posts move and resolve notices; a database seeded before it lacks it.
  await notificationBot(seedContext);
  // After seeding, so the demo messages of a fresh database do not land in restored queues.
  const queueFile = config.dataDir === undefined ? undefined : queueFileOf(config.dataDir);
  const restoredQueues: RestoreOutcome =
    queueFile === undefined ? { status: "missing" } : await restoreQueues(queues, queueFile);
  if (restoredQueues.status === "restored") sendRestartEvents(queues, clock);
  const ctx: AppContext = { ...seedContext, realm: await loadRealm(seedContext) };
  queues.start();
  const app = await buildApp(ctx);
  const drainConnections = trackRequestsInFlight(app.server);
  return {
    app,
    ctx,
    seeded,
    restoredQueues,
    async close({ saveQueues: save = true } = {}) {
      // Parked polls are answered first, or the server would wait for their heartbeats.
      queues.stop();
      clearInterval(statistics);
      const appClosed = app.close();
      // Before the answers in flight go out, so each can still say `Connection: close`.
      drainConnections();
      await appClosed;
      // The app is closed, so nothing new can publish; the events of what was committed are
      // delivered before the queues are saved, so the file misses none.
      await queues.settled();
      if (save && queueFile !== undefined) await saveQueues(queues, queueFile, clock.now());
      await db.close();
      // Without a data folder (tests, benchmarks) the emoji images are in a temporary folder of
      // this server's own that nothing reads again: left behind, one per test server piles up.
      if (config.dataDir === undefined) {
        await rm(await emojiFolder(ctx), { recursive: true, force: true });
      }
      await closeThumbnailer(ctx);
      await closeUploadStorage(ctx);
    },
  };
}
