import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "./config";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo/demo-org";
import type { ServerConfig } from "./config";
import type { RestoreOutcome } from "./events/queue-persistence";
import { startServer } from "./start";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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

async function main(): Promise<void> {
  const config = loadConfig(process.env, root);
  const server = await startServer(config);
  await server.app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  const people = DEMO_USERS.filter((u) => !u.isBot).map((u) => u.email);
  console.log(
    [
      "",
      `Parley is running at ${url}`,
      `  data: ${dataDescription(config)} (${server.seeded ? "demo organisation created" : "existing data"})`,
      `  event queues: ${restoredDescription(server.restoredQueues)}`,
      ...(config.rateLimitPerMinute === undefined
        ? []
        : [`  rate limit: ${config.rateLimitPerMinute} API calls per user per minute`]),
      config.isDevelopment
        ? `  log in: open the URL and click a user (development login), e.g. ${people.slice(0, 3).join(", ")}`
        : "  log in: with an email and API key (development login is off in production)",
      `  password login: every demo person's email with the password ${DEMO_PASSWORD}`,
      "  stop: Ctrl+C",
      "",
    ].join("\n"),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Answers parked polls, waits for requests in flight, saves the event queues to
    // DATA_DIR/event-queues.json (restored on the next start), closes the database.
    console.log(`\n${signal}: stopping…`);
    server.close().then(
      () => {
        if (config.dataDir !== undefined) console.log(`event queues saved in ${config.dataDir}`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => {
    stop("SIGINT");
  });
  process.on("SIGTERM", () => {
    stop("SIGTERM");
  });
}

main().catch((error: unknown) => {
  console.error("Parley could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
