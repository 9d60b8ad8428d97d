import { expect } from "vitest";
import type { TestServer } from "./test-server";
import type { TestEvent } from "./verify-action";

type ApiParams = Record<string, string | number | boolean | object>;

/** Sends a stream message through the API (client `test`, so it starts unread for others). */
export async function sendToStream(
  server: TestServer,
  auth: string,
  stream: string,
  topic: string,
  content = "hello",
): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to: stream, topic, content, client: "test" },
    auth,
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

/** Sends a direct message to a list of emails. */
export async function sendDirect(
  server: TestServer,
  auth: string,
  to: readonly string[],
  content = "psst",
): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "private", to: JSON.stringify(to), content, client: "test" },
    auth,
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

/** Registers a queue and returns its id. */
export async function registerQueue(
  server: TestServer,
  auth: string,
  params: ApiParams = {},
): Promise<string> {
  const { body } = await server.api("POST", "register", { fetch_event_types: [], ...params }, auth);
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["queue_id"] as string; // checked just above
}

/** Every event waiting in a queue (non-blocking). */
export async function pollEvents(
  server: TestServer,
  auth: string,
  queueId: string,
): Promise<TestEvent[]> {
  const { body } = await server.api(
    "GET",
    "events",
    { queue_id: queueId, last_event_id: -1, dont_block: true },
    auth,
  );
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["events"] as TestEvent[]; // our own server's events
}

/** One message as `GET /messages` shows it to `auth`, or undefined if they cannot see it. */
export async function fetchMessage(
  server: TestServer,
  auth: string,
  id: number,
  narrow: readonly object[] = [],
): Promise<Record<string, unknown> | undefined> {
  const { body } = await server.api(
    "GET",
    "messages",
    { anchor: id, num_before: 0, num_after: 0, narrow: [...narrow] },
    auth,
  );
  const messages = body["messages"] as Record<string, unknown>[]; // our own server's messages
  return messages.find((message) => message["id"] === id);
}

/** Asserts a Zulip error response. */
export function expectError(
  response: { status: number; body: Record<string, unknown> },
  msg: string,
  code = "BAD_REQUEST",
): void {
  expect(response.body).toMatchObject({ result: "error", msg, code });
  expect(response.status).toBe(400);
}
