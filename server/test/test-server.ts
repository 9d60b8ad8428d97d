import type { LightMyRequestResponse } from "fastify";
import { loadConfig, type ServerConfig } from "../config";
import { startServer, type RunningServer } from "../start";
import type { Clock } from "../clock";
import { openTestDatabase, testDatabaseUrl } from "./test-database";

export interface TestServer extends RunningServer {
  /** The Basic auth header of a demo user (key fetched through the dev endpoint). */
  auth(email: string): Promise<string>;
  /** Calls the API with urlencoded parameters (query string for GET and DELETE). */
  api(
    method: "GET" | "POST" | "PATCH" | "DELETE",
    path: string,
    params?: Record<string, string | number | boolean | object>,
    auth?: string,
  ): Promise<{ status: number; body: Record<string, unknown>; response: LightMyRequestResponse }>;
}

/** Encodes parameters the Zulip way: strings raw, everything else JSON. */
export function encodeParams(params: Record<string, string | number | boolean | object>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    search.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return search.toString();
}

/**
 * A server on a fresh database with the demo organisation, driven through `inject`: PGlite in
 * memory, or a new database on the PostgreSQL server of `DATABASE_URL` when that is set (dropped
 * on close). `overrides.dataDir` gives it a data folder (queues saved on close); the database is
 * still fresh, unless PGlite is used, which then lives in that folder too.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  clock?: Clock,
): Promise<TestServer> {
  const config: ServerConfig = {
    ...loadConfig({}, process.cwd()),
    // The hand-written demo conversations only: fast to seed and exact to assert on.
    demoSize: "minimal",
    dataDir: undefined,
    clientDir: undefined,
    ...overrides,
    databaseUrl: undefined,
  };
  const onDisk = config.dataDir !== undefined && testDatabaseUrl() === undefined;
  // PGlite on disk is opened by startServer itself; otherwise a fresh database is made here.
  const db = onDisk ? undefined : await openTestDatabase();
  const server = await startServer(config, {
    ...(clock ? { clock } : {}),
    ...(db ? { db } : {}),
  }).catch(async (error: unknown) => {
    await db?.close();
    throw error;
  });
  const keys = new Map<string, string>();
  const api: TestServer["api"] = async (method, path, params = {}, auth) => {
    const encoded = encodeParams(params);
    const inBody = method === "POST" || method === "PATCH";
    const response = await server.app.inject({
      method,
      url: `/api/v1/${path}${!inBody && encoded ? `?${encoded}` : ""}`,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(inBody ? { payload: encoded } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json<Record<string, unknown>>(),
      response,
    };
  };
  return {
    ...server,
    api,
    async auth(email) {
      let key = keys.get(email);
      if (!key) {
        const { body } = await api("POST", "dev_fetch_api_key", { username: email });
        if (typeof body["api_key"] !== "string")
          throw new Error(`no key for ${email}: ${JSON.stringify(body)}`);
        key = body["api_key"];
        keys.set(email, key);
      }
      return `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`;
    },
  };
}
