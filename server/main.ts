import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "./config";
import { DEMO_USERS } from "./demo/demo-org";
import { startServer } from "./start";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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
      `  data: ${config.dataDir ?? "in memory"} (${server.seeded ? "demo organisation created" : "existing data"})`,
      config.isDevelopment
        ? `  log in: open the URL and click a user (development login), e.g. ${people.slice(0, 3).join(", ")}`
        : "  log in: with an email and API key (development login is off in production)",
      "  stop: Ctrl+C",
      "",
    ].join("\n"),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    server.close().then(
      () => process.exit(0),
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
