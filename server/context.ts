import type { RenderContextCache } from "./render/render-context";
import type { Clock } from "./clock";
import type { ServerConfig } from "./config";
import type { Database } from "./db/database";
import type { QueueRegistry } from "./events/queue-registry";

/** The organisation's identity, loaded once at start. */
export interface RealmInfo {
  name: string;
  stringId: string;
  description: string;
}

/** What every route and action works with. */
export interface AppContext {
  db: Database;
  clock: Clock;
  config: ServerConfig;
  queues: QueueRegistry;
  realm: RealmInfo;
  /** The renderer's view of the organisation; actions that change it invalidate it. */
  renderContext: RenderContextCache;
}
