import { isOwnAddress, loadConfig, loadUpstreamUrl } from "./config";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo/demo-org";
import type { ServerConfig } from "./config";
import type { RestoreOutcome } from "./events/queue-persistence";
import { PROJECT_ROOT } from "./project-root";
import { startServer } from "./start";
import { buildUpstreamApp } from "./upstream/upstream-app";

function dataDescription(config: ServerConfig): string {
  const folder = config.dataDir ?? "in memory";
  if (config.databaseUrl === undefined) return folder;
  // Never print the password of the URL.
  const url = new URL(config.databaseUrl);
  url.password = "";
  return `PostgreSQL at ${url.host}${url.pathname}, queues in ${folder}`;
}

function restoredDescription(outcome: RestoreOutcome): string {
  switch (outcome.status) {
    case "restored":
      return `${outcome.count} restored from the last run`;
    case "missing":
      return "none saved";
    case "corrupt":
      return `saved file unreadable (${outcome.reason}); clients will re-register`;
  }
}

function rateLimitDescription(config: ServerConfig): string {
  const perUser = config.rateLimitPerMinute;
  const perIp = config.rateLimitByIpPerMinute;
  if (perUser === undefined && perIp === undefined) return "off";
  return (
    [
      perUser === undefined ? "none per user" : `${perUser} API calls per user`,
      perIp === undefined ? "none per address" : `${perIp} unauthenticated calls per IP address`,
    ].join(", ") + " per minute"
  );
}

function listenUrl(config: ServerConfig): string {
  return `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
}

/**
 * On the first SIGINT or SIGTERM: `close`, then `after`, then exit. The returned function stops
 * the same way for another reason, exiting with `code`.
 */
function stopOnSignals(
  close: () => Promise<void>,
  after: () => void = () => undefined,
): (reason: string, code: number) => void {
  let stopping = false;
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping…`);
    close().then(
      () => {
        after();
        process.exit(code);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => {
    stop("SIGINT", 0);
  });
  process.on("SIGTERM", () => {
    stop("SIGTERM", 0);
  });
  return stop;
}

/** `--upstream`: serves the client and forwards the API to a Zulip server; no database. */
async function forward(config: ServerConfig, upstream: URL): Promise<void> {
  if (isOwnAddress(upstream, config.host, config.port)) {
    throw new Error(`the upstream ${upstream.origin} is this server itself (PORT ${config.port})`);
  }
  const app = await buildUpstreamApp({
    upstream,
    clientDir: config.clientDir,
    logRequests: config.logRequests,
  });
  await app.listen({ host: config.host, port: config.port });
  console.log(
    [
      "",
      `Parley is running at ${listenUrl(config)}, forwarding to the Zulip server ${upstream.href}`,
      "  no local database: the organisation, its people and messages are the upstream's",
      "  log in: with your account on that server (email and password, or API key)",
      "  stop: Ctrl+C",
      "",
    ].join("\n"),
  );
  stopOnSignals(() => app.close());
}

/** Our own server: the database, the demo organisation on first start, the API and client. */
async function serveLocally(config: ServerConfig): Promise<void> {
  // A dead PGlite worker fails every request: stop (saving the event queues, so clients resume)
  // and exit non-zero, for the supervisor to start a fresh server on the same data.
  let stop = (reason: string, code: number): void => {
    console.error(`${reason} before the server was up`);
    process.exit(code);
  };
  const server = await startServer(config, {
    onDatabaseFailure: (error) => {
      stop(error.message, 1);
    },
  });
  await server.app.listen({ host: config.host, port: config.port });
  const people = DEMO_USERS.filter((u) => !u.isBot).map((u) => u.email);
  console.log(
    [
      "",
      `Parley is running at ${listenUrl(config)}`,
      `  data: ${dataDescription(config)} (${server.seeded ? "demo organisation created" : "existing data"})`,
      `  event queues: ${restoredDescription(server.restoredQueues)}`,
      `  rate limit: ${rateLimitDescription(config)}`,
      config.isDevelopment
        ? `  log in: open the URL and click a user (development login), e.g. ${people.slice(0, 3).join(", ")}`
        : "  log in: with an email and API key (development login is off in production)",
      `  password login: every demo person's email with the password ${DEMO_PASSWORD}`,
      "  stop: Ctrl+C",
      "",
    ].join("\n"),
  );
  // Answers parked polls, waits for requests in flight, saves the event queues to
  // DATA_DIR/event-queues.json (restored on the next start), closes the database.
  stop = stopOnSignals(
    () => server.close(),
    () => {
      if (config.dataDir !== undefined) console.log(`event queues saved in ${config.dataDir}`);
    },
  );
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, PROJECT_ROOT);
  // `npm start -- --upstream <url>` (or UPSTREAM_URL): forward to a Zulip server instead.
  const upstream = loadUpstreamUrl(process.env, process.argv.slice(2));
  await (upstream === undefined ? serveLocally(config) : forward(config, upstream));
}

main().catch((error: unknown) => {
  console.error("Parley could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
