import { resolve } from "node:path";

/** Server settings, read from the environment once at start. */
export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  dataDir: string | undefined;
  /** Built client served at `/`; undefined serves none (API-only tests). */
  clientDir: string | undefined;
  /** Development mode enables `dev_list_users` and `dev_fetch_api_key`. */
  isDevelopment: boolean;
  /** Public URL of the organisation; by default the origin the request came to. */
  realmUrl: string | undefined;
  heartbeatSeconds: number;
  queueTimeoutSeconds: number;
  maxQueuesPerUser: number;
  /** `event_queue_longpoll_timeout_seconds` told to clients. */
  longpollTimeoutSeconds: number;
  logRequests: boolean;
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(text)}`);
  }
  return value;
}

/** Reads the configuration from environment variables (see README for the list). */
export function loadConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const port = positiveNumber(env, "PORT", 9991);
  if (!Number.isInteger(port) || port > 65535)
    throw new Error(`PORT must be a port number, got ${port}`);
  return {
    host: env["HOST"] ?? "127.0.0.1",
    port,
    dataDir: resolve(root, env["DATA_DIR"] ?? ".data"),
    clientDir: resolve(root, "dist/client"),
    isDevelopment: env["NODE_ENV"] !== "production",
    realmUrl: env["REALM_URL"],
    heartbeatSeconds: positiveNumber(env, "HEARTBEAT_SECONDS", 45),
    queueTimeoutSeconds: positiveNumber(env, "QUEUE_TIMEOUT_SECONDS", 600),
    maxQueuesPerUser: positiveNumber(env, "MAX_QUEUES_PER_USER", 100),
    longpollTimeoutSeconds: 90,
    logRequests: env["LOG_REQUESTS"] === "1",
  };
}
