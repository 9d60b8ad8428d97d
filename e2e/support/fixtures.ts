import { test as base } from "@playwright/test";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";
import {
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from "./server-process";

/** Starts servers and proxies for one test; all of them are stopped when the test ends. */
export interface FaultFixtures {
  /** Starts our server as a child process (fresh port and data folder). */
  startServer(options?: ServerProcessOptions): Promise<ServerProcess>;
  /** Starts a fault proxy in front of `target` (a server's `url`). */
  startProxy(target: string): Promise<FaultProxy>;
}

/** Playwright's `test` with `faults`: servers and proxies cleaned up even when the test fails. */
export const test = base.extend<{ faults: FaultFixtures }>({
  faults: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, testInfo) => {
      const servers: ServerProcess[] = [];
      const proxies: FaultProxy[] = [];
      await use({
        async startServer(options) {
          const server = await startServerProcess(options);
          servers.push(server);
          return server;
        },
        async startProxy(target) {
          const proxy = await startFaultProxy(target);
          proxies.push(proxy);
          return proxy;
        },
      });
      const failed = testInfo.status !== testInfo.expectedStatus;
      for (const proxy of proxies) {
        if (failed) {
          await testInfo.attach("proxy log", {
            body: JSON.stringify({ counters: proxy.counters(), log: proxy.log() }, null, 2),
            contentType: "application/json",
          });
        }
        await proxy.close();
      }
      for (const [index, server] of servers.entries()) {
        if (failed) {
          await testInfo.attach(`server ${index + 1} output`, {
            body: server.output(),
            contentType: "text/plain",
          });
        }
        await server.dispose();
      }
    },
    // Its own time: stopping servers must not eat into (or be cut by) the test's timeout.
    { timeout: 60_000 },
  ],
});

export { expect } from "@playwright/test";
