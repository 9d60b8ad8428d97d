import { afterAll, beforeAll } from "vitest";
import type { Clock } from "../clock";
import type { ServerConfig } from "../config";
import { startTestServer, type TestServer } from "./test-server";

/** A test file's server and the Basic auth of the demo users it acts as. */
export interface DemoSuite {
  /** The running server; started in `beforeAll`, so read it inside hooks and tests only. */
  readonly server: TestServer;
  /** The Basic auth header of a demo user named in `demoSuite`'s list ("" for another name). */
  readonly as: (name: string) => string;
}

/**
 * Starts a test server for the calling file (closed after its last test) and logs in the demo
 * users named by their email's local part (`"iago"` → iago@parley.test).
 */
export function demoSuite(
  people: readonly string[],
  options: { config?: Partial<ServerConfig>; clock?: Clock } = {},
): DemoSuite {
  let running: TestServer | undefined;
  const auth = new Map<string, string>();
  beforeAll(async () => {
    running = await startTestServer(options.config ?? {}, options.clock);
    for (const name of people) auth.set(name, await running.auth(`${name}@parley.test`));
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get server(): TestServer {
      if (running === undefined) throw new Error("the suite's server starts in beforeAll");
      return running;
    },
    as: (name) => auth.get(name) ?? "",
  };
}
