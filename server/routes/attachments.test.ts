import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pollEvents,
  registerQueue,
  sendDirect,
  sendToStream,
} from "../test/message-action-helpers";
import { parseServerEvent } from "../../common/wire/events";
import { TINY_PNG } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { storedUploads, temporaryUrl, uploadOne } from "../test/upload-helpers";

let server: TestServer;
const auth: Record<string, string> = {};
const NAMES = ["hamlet", "iago", "othello", "cordelia", "polonius"] as const;

beforeAll(async () => {
  server = await startTestServer();
  for (const name of NAMES) auth[name] = await server.auth(`${name}@parley.test`);
});
afterAll(async () => {
  await server.close({ saveQueues: false });
});

function as(name: (typeof NAMES)[number]): string {
  const header = auth[name];
  if (header === undefined) throw new Error(`no credentials for ${name}`);
  return header;
}

/** Who of NAMES gets a temporary URL for `pathId` (200), the others being refused (403). */
async function readers(pathId: string): Promise<string[]> {
  const allowed: string[] = [];
  for (const name of NAMES) {
    const { status } = await temporaryUrl(server, as(name), pathId);
    expect([200, 403], name).toContain(status);
    if (status === 200) allowed.push(name);
  }
  return allowed;
}

const link = (pathId: string) => `see [pixel.png](/user_uploads/${pathId})`;

describe("who may read an upload (Zulip's validate_attachment_request)", () => {
  it("is only its uploader until a message links it", async () => {
    const pathId = await uploadOne(server, as("hamlet"), "pixel.png", TINY_PNG);
    expect(await readers(pathId)).toEqual(["hamlet"]);
  });

  it("in a private stream: its subscribers", async () => {
    const pathId = await uploadOne(server, as("hamlet"), "pixel.png", TINY_PNG);
    await sendToStream(server, as("hamlet"), "leadership", "files", link(pathId));
    expect(await readers(pathId)).toEqual(["hamlet", "iago"]);
  });

  it("in a public stream: everyone but guests who are not subscribed", async () => {
    const pathId = await uploadOne(server, as("hamlet"), "pixel.png", TINY_PNG);
    await sendToStream(server, as("hamlet"), "engineering", "files", link(pathId));
    expect(await readers(pathId)).toEqual(["hamlet", "iago", "othello", "cordelia"]);
  });

  it("in a direct message: its recipients", async () => {
    const pathId = await uploadOne(server, as("hamlet"), "pixel.png", TINY_PNG);
    await sendDirect(server, as("hamlet"), ["othello@parley.test"], link(pathId));
    expect(await readers(pathId)).toEqual(["hamlet", "othello"]);
  });

  it("is not widened by someone who links an upload they cannot read", async () => {
    const pathId = await uploadOne(server, as("hamlet"), "pixel.png", TINY_PNG);
    await sendToStream(server, as("othello"), "general", "files", link(pathId));
    expect(await readers(pathId)).toEqual(["hamlet"]);
  });

  it("follows the message's edits and its deletion", async () => {
    const pathId = await uploadOne(server, as("hamlet"), "pixel.png", TINY_PNG);
    const id = await sendToStream(server, as("hamlet"), "general", "files", "coming soon");
    const edit = (content: string) =>
      server.api("PATCH", `messages/${id}`, { content }, as("hamlet"));
    expect((await edit(link(pathId))).status).toBe(200);
    expect(await readers(pathId)).toContain("cordelia");
    expect((await edit("changed my mind")).status).toBe(200);
    expect(await readers(pathId)).toEqual(["hamlet"]);
    expect((await edit(link(pathId))).status).toBe(200);
    expect((await server.api("DELETE", `messages/${id}`, {}, as("hamlet"))).status).toBe(200);
    expect(await readers(pathId)).toEqual(["hamlet"]);
  });
});

describe("GET /attachments and DELETE /attachments/{id}", () => {
  it("list the caller's uploads with the messages that link them", async () => {
    const pathId = await uploadOne(server, as("iago"), "report.pdf", Buffer.from("%PDF-1.7 x"));
    const id = await sendToStream(server, as("iago"), "general", "files", link(pathId));
    const { body } = await server.api("GET", "attachments", {}, as("iago"));
    const [first] = body["attachments"] as Record<string, unknown>[]; // our own response
    expect(first).toMatchObject({ name: "report.pdf", path_id: pathId, size: 10 });
    expect(first?.["messages"]).toEqual([{ id, date_sent: expect.any(Number) as number }]);
    const used = (await storedUploads(server)).rows;
    expect(used).toBeGreaterThan(1);
    expect(body["upload_space_used"]).toBeGreaterThan(10);
    const other = await server.api("GET", "attachments", {}, as("polonius"));
    expect(other.body["attachments"]).toEqual([]);
  });

  it("deletes the owner's upload, file and links; anyone else's is an invalid attachment", async () => {
    const pathId = await uploadOne(server, as("cordelia"), "gone.png", TINY_PNG);
    await sendToStream(server, as("cordelia"), "general", "files", link(pathId));
    const { body } = await server.api("GET", "attachments", {}, as("cordelia"));
    const [attachment] = body["attachments"] as { id: number }[]; // our own response
    const before = await storedUploads(server);
    const refused = await server.api("DELETE", `attachments/${attachment?.id}`, {}, as("othello"));
    expect([refused.status, refused.body["msg"]]).toEqual([400, "Invalid attachment"]);
    const missing = await server.api("DELETE", "attachments/999999", {}, as("cordelia"));
    expect([missing.status, missing.body["msg"]]).toEqual([400, "Invalid attachment"]);
    const done = await server.api("DELETE", `attachments/${attachment?.id}`, {}, as("cordelia"));
    expect(done.status).toBe(200);
    const after = await storedUploads(server);
    expect(after.rows).toBe(before.rows - 1);
    // The original and its thumbnail.
    expect(after.files.length).toBe(before.files.length - 2);
    expect((await temporaryUrl(server, as("cordelia"), pathId)).status).toBe(404);
  });
});

describe("attachment events", () => {
  it("tell the uploader, and only them, of an upload added, claimed, unlinked, removed", async () => {
    const queue = await registerQueue(server, as("iago"), { event_types: ["attachment"] });
    const other = await registerQueue(server, as("othello"), { event_types: ["attachment"] });
    const pathId = await uploadOne(server, as("iago"), "pixel.png", TINY_PNG);
    const id = await sendToStream(server, as("iago"), "general", "files", link(pathId));
    const edited = await server.api("PATCH", `messages/${id}`, { content: "no" }, as("iago"));
    expect(edited.status).toBe(200);
    const { body } = await server.api("GET", "attachments", {}, as("iago"));
    const [attachment] = body["attachments"] as { id: number }[]; // our own response
    await server.api("DELETE", `attachments/${attachment?.id}`, {}, as("iago"));
    const events = await pollEvents(server, as("iago"), queue);
    for (const event of events) expect(parseServerEvent(event).kind).toBe("event");
    const seen = events.map((event) => {
      const shown = event["attachment"] as { id: number; messages?: { id: number }[] };
      return [event["op"], shown.id, shown.messages?.map((message) => message.id)];
    });
    expect(seen).toEqual([
      ["add", attachment?.id, []],
      ["update", attachment?.id, [id]],
      ["update", attachment?.id, []],
      ["remove", attachment?.id, undefined],
    ]);
    expect(await pollEvents(server, as("othello"), other)).toEqual([]);
  });
});

describe("a large upload", () => {
  it("is streamed past the 8 MiB body limit of the other calls, up to the upload limit", async () => {
    const data = Buffer.alloc(9 * 1024 * 1024, 7);
    const pathId = await uploadOne(server, as("hamlet"), "big.bin", data);
    const response = await server.app.inject({
      method: "GET",
      url: `/user_uploads/${pathId}`,
      headers: { authorization: as("hamlet") },
    });
    expect(response.rawPayload.equals(data)).toBe(true);
  });
});

describe("register", () => {
  it("reports the upload size limit", async () => {
    const { body } = await server.api("POST", "register", {}, as("hamlet"));
    expect(body["max_file_upload_size_mib"]).toBe(25);
  });
});
