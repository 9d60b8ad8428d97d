import { expect } from "vitest";
import type { TestServer } from "./test-server";
import type { TestEvent } from "./verify-action";

type Params = Record<string, string | number | boolean | object>;

/** Registers a queue for `auth` and returns its id and state. */
export async function registerQueue(
  server: TestServer,
  auth: string,
  params: Params = {},
): Promise<{ queueId: string; state: Record<string, unknown> }> {
  const { status, body } = await server.api("POST", "register", params, auth);
  expect(status, JSON.stringify(body)).toBe(200);
  return { queueId: String(body["queue_id"]), state: body };
}

/** Every event waiting in the queue (none acknowledged), without blocking. */
export async function queuedEvents(
  server: TestServer,
  auth: string,
  queueId: string,
): Promise<TestEvent[]> {
  const { status, body } = await server.api(
    "GET",
    "events",
    { queue_id: queueId, last_event_id: -1, dont_block: true },
    auth,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  // The events of our own server; callers assert their shapes.
  return (body["events"] as TestEvent[]).filter((event) => event.type !== "heartbeat");
}

export interface FilePart {
  field: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with the given files. */
export function multipart(files: readonly FilePart[]): { payload: Buffer; contentType: string } {
  const boundary = "----parley-test-boundary";
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
