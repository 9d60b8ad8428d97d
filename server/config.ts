import { resolve } from "node:path";

/**
 * Size of the demo organisation seeded into an empty database (`DEMO_SIZE`): `minimal` (the
 * hand-written conversations only), `default`, `large` or `huge` (benchmarks). Defined here, with the
 * setting that chooses it; the seed (server/demo/) says what each size holds.
 */
export type DemoSize = "minimal" | "default" | "large" | "huge";

/** Server settings, read from the environment once at start. */
export interface ServerConfig {
  host: string;
  port: number;
  /**
   * The data folder: the PGlite database (unless `databaseUrl` is set) and the event queues
   * saved across a restart (`event-queues.json`). Undefined keeps everything in memory (tests).
   */
  dataDir: string | undefined;
  /** `postgres://…` of a PostgreSQL server to use instead of PGlite. */
  databaseUrl: string | undefined;
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
  /** Size of the demo organisation seeded into an empty database (`DEMO_SIZE`). */
  demoSize: DemoSize;
  /**
   * API calls one user may make in any 60 s (Zulip's `api_by_user`); undefined switches it off.
   * 200 in production, off in development, unless `RATE_LIMIT_PER_MINUTE` says otherwise.
   */
  rateLimitPerMinute: number | undefined;
  /**
   * Calls without authentication one IP address may make in any 60 s (Zulip's `api_by_ip`);
   * undefined switches it off. 100 in production, off in development, unless
   * `RATE_LIMIT_BY_IP_PER_MINUTE` says otherwise.
   */
  rateLimitByIpPerMinute: number | undefined;
  /** The largest upload taken, in MiB (`MAX_FILE_UPLOAD_SIZE_MIB`; Zulip's default 25). */
  maxFileUploadSizeMib: number;
  /**
   * Zulip's camo image proxy (`CAMO_URL` and `CAMO_KEY`, Zulip's `CAMO_URI` and `CAMO_KEY`):
   * external videos in messages are previewed through it. Undefined: they are not previewed.
   */
  camo: { baseUrl: string; key: string } | undefined;
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

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = positiveNumber(env, name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, got ${value}`);
  return value;
}

function demoSize(env: NodeJS.ProcessEnv): DemoSize {
  const value = env["DEMO_SIZE"] ?? "default";
  if (value === "minimal" || value === "default" || value === "large" || value === "huge")
    return value;
  throw new Error(
    `DEMO_SIZE must be minimal, default, large or huge, got ${JSON.stringify(value)}`,
  );
}

function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env["DATABASE_URL"];
  if (url === undefined || url === "") return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error("DATABASE_URL must be a postgres:// URL");
  }
  return url;
}

/**
 * Zulip's default `RATE_LIMITING_RULES` (zproject/default_settings.py): `api_by_user` 200 and
 * `api_by_ip` 100 requests per 60 s. Zulip's development and test settings leave them empty.
 */
const ZULIP_RATE_LIMITS = { perUser: 200, perIp: 100 } as const;

/**
 * A rate-limit setting: unset or empty takes `productionDefault` in production and nothing in
 * development; `0` is off; otherwise a whole number of calls per minute.
 */
function rateLimit(
  env: NodeJS.ProcessEnv,
  name: string,
  productionDefault: number,
  isDevelopment: boolean,
): number | undefined {
  const text = env[name];
  if (text === undefined || text === "") return isDevelopment ? undefined : productionDefault;
  if (text.trim() === "0") return undefined;
  const limit = positiveNumber(env, name, 0);
  if (!Number.isInteger(limit)) throw new Error(`${name} must be a whole number, got ${text}`);
  return limit;
}

/** `CAMO_URL` and `CAMO_KEY`: both or neither; an http(s) base URL, ending in `/`. */
function camo(env: NodeJS.ProcessEnv): ServerConfig["camo"] {
  const url = env["CAMO_URL"] ?? "";
  const key = env["CAMO_KEY"] ?? "";
  if (url === "" && key === "") return undefined;
  if (url === "" || key === "") throw new Error("CAMO_URL and CAMO_KEY must be set together");
  if (!/^https?:\/\/[^\s"'<>\\]+$/.test(url)) {
    throw new Error(`CAMO_URL must be an http(s) URL, got ${JSON.stringify(url)}`);
  }
  return { baseUrl: url.endsWith("/") ? url : `${url}/`, key };
}

/** Reads the configuration from environment variables (see README for the list). */
export function loadConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const port = positiveNumber(env, "PORT", 9991);
  if (!Number.isInteger(port) || port > 65535)
    throw new Error(`PORT must be a port number, got ${port}`);
  const isDevelopment = env["NODE_ENV"] !== "production";
  return {
    host: env["HOST"] ?? "127.0.0.1",
    port,
    dataDir: resolve(root, env["DATA_DIR"] ?? ".data"),
    clientDir: resolve(root, env["CLIENT_DIR"] ?? "dist/client"),
    isDevelopment,
    realmUrl: env["REALM_URL"],
    heartbeatSeconds: positiveNumber(env, "HEARTBEAT_SECONDS", 45),
    queueTimeoutSeconds: positiveNumber(env, "QUEUE_TIMEOUT_SECONDS", 600),
    maxQueuesPerUser: positiveNumber(env, "MAX_QUEUES_PER_USER", 100),
    longpollTimeoutSeconds: 90,
    logRequests: env["LOG_REQUESTS"] === "1",
    demoSize: demoSize(env),
    maxFileUploadSizeMib: wholeNumber(env, "MAX_FILE_UPLOAD_SIZE_MIB", 25),
    databaseUrl: databaseUrl(env),
    rateLimitPerMinute: rateLimit(
      env,
      "RATE_LIMIT_PER_MINUTE",
      ZULIP_RATE_LIMITS.perUser,
      isDevelopment,
    ),
    rateLimitByIpPerMinute: rateLimit(
      env,
      "RATE_LIMIT_BY_IP_PER_MINUTE",
      ZULIP_RATE_LIMITS.perIp,
      isDevelopment,
    ),
    camo: camo(env),
  };
}

/** Loopback and wildcard names: any of them reaches a server listening on any other. */
const LOCAL_HOSTS: ReadonlySet<string> = new Set([
  "localhost",
  "127.0.0.1",
  "::1",
  "[::1]",
  "0.0.0.0",
  "::",
  "[::]",
]);

/**
 * Parses and checks the `--upstream` URL: http(s) only, no user name or password in it (the
 * browser sends each user's own credentials), no query or fragment. `source` names where it
 * came from for the error message.
 */
export function upstreamUrl(text: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `${source} must be a URL like https://chat.example.org, got ${JSON.stringify(text)}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${source} must be an http:// or https:// URL, got ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new Error(`${source} must not contain a user name or password`);
  }
  if (url.search !== "" || url.hash !== "") {
    throw new Error(`${source} must not have a query or fragment`);
  }
  return url;
}

/**
 * The upstream Zulip server: `--upstream <url>` (or `--upstream=<url>`) on the command line,
 * else `UPSTREAM_URL`; undefined runs our own server. Unknown arguments are errors, so a typo
 * does not silently start the local server instead.
 */
export function loadUpstreamUrl(env: NodeJS.ProcessEnv, argv: readonly string[]): URL | undefined {
  let fromArgs: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? "";
    if (arg === "--upstream") {
      fromArgs = argv[index + 1];
      if (fromArgs === undefined || fromArgs.startsWith("--")) {
        throw new Error("--upstream needs a URL, e.g. --upstream https://chat.example.org");
      }
      index++;
    } else if (arg.startsWith("--upstream=")) {
      fromArgs = arg.slice("--upstream=".length);
    } else {
      throw new Error(`unknown argument ${JSON.stringify(arg)} (the only one is --upstream <url>)`);
    }
  }
  if (fromArgs !== undefined) return upstreamUrl(fromArgs, "--upstream");
  const fromEnv = env["UPSTREAM_URL"];
  return fromEnv === undefined || fromEnv === "" ? undefined : upstreamUrl(fromEnv, "UPSTREAM_URL");
}

/**
 * Whether `upstream` is this server itself (listening on `host`:`port`), which would forward
 * every request back to itself. Other names for the same machine are caught at run time by the
 * forwarder's loop header.
 */
export function isOwnAddress(upstream: URL, host: string, port: number): boolean {
  const upstreamPort =
    upstream.port === "" ? (upstream.protocol === "https:" ? 443 : 80) : Number(upstream.port);
  if (upstreamPort !== port) return false;
  const name = upstream.hostname.toLowerCase();
  const own = host.toLowerCase();
  return name === own || name === `[${own}]` || (LOCAL_HOSTS.has(name) && LOCAL_HOSTS.has(own));
}
