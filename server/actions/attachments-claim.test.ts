import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAttachmentByPathId } from "../db/attachments";
import { findUserByEmail, type UserRow } from "../db/users";
import { sendToStream } from "../test/message-action-helpers";
import { recordingDb } from "../test/recording-db";
import { TINY_PNG } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { uploadOne } from "../test/upload-helpers";
import { claimAttachments, publishAttachments } from "./attachments";
import { sendMessage } from "./send-message";

// Claiming a message's uploads costs the same few statements however many it links (Zulip's
// do_claim_attachments checks each one; here one read answers for all), none for a message
// that links no upload, and publishing the claims one.

let server: TestServer;
let auth: { hamlet: string; othello: string };
let hamlet: UserRow;

beforeAll(async () => {
  server = await startTestServer();
  auth = {
    hamlet: await server.auth("hamlet@parley.test"),
    othello: await server.auth("othello@parley.test"),
  };
  const found = await findUserByEmail(server.ctx.db, "hamlet@parley.test");
  if (!found) throw new Error("no hamlet");
  hamlet = found;
});
afterAll(async () => {
  await server.close({ saveQueues: false });
});

const link = (pathId: string) => `[file](/user_uploads/${pathId})`;

/** Othello's uploads, each linked in a message to a public stream hamlet may read. */
async function othellosLinked(count: number): Promise<string[]> {
  const pathIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const pathId = await uploadOne(server, auth.othello, `shared${String(index)}.png`, TINY_PNG);
    await sendToStream(server, auth.othello, "engineering", "files", link(pathId));
    pathIds.push(pathId);
  }
  return pathIds;
}

/** The statements of claiming `content`'s uploads for a new message of hamlet's. */
async function claimRecorded(content: string) {
  const messageId = await sendToStream(server, auth.hamlet, "general", "claims", "soon");
  const statements: string[] = [];
  const claimed = await claimAttachments(
    recordingDb(server.ctx.db, statements),
    hamlet,
    messageId,
    content,
  );
  return { statements, claimed };
}

async function attachmentId(pathId: string): Promise<number> {
  const row = await findAttachmentByPathId(server.ctx.db, pathId);
  if (!row) throw new Error(`no ${pathId}`);
  return row.id;
}

describe("claiming a message's uploads", () => {
  it("reads them and their access in the same statements for one link or five", async () => {
    const own = await uploadOne(server, auth.hamlet, "own.png", TINY_PNG);
    const secret = await uploadOne(server, auth.othello, "secret.png", TINY_PNG);
    const [first = "", ...more] = await othellosLinked(5);

    const one = await claimRecorded(`${link(own)} ${link(first)} ${link(secret)}`);
    expect(one.claimed.sort()).toEqual([await attachmentId(own), await attachmentId(first)].sort());

    const all = [own, first, ...more, secret];
    const five = await claimRecorded(all.map(link).join(" "));
    const readable = await Promise.all([own, first, ...more].map(attachmentId));
    expect(five.claimed.sort()).toEqual(readable.sort());
    expect(five.statements).toHaveLength(one.statements.length);
    // The uploads and their links in one read, who may read them in one, the links written.
    expect(five.statements.length).toBeLessThanOrEqual(4);
  });

  it("runs nothing for a message that links no upload", async () => {
    const statements: string[] = [];
    const ctx = { ...server.ctx, db: recordingDb(server.ctx.db, statements) };
    await sendMessage(ctx, hamlet, {
      target: { kind: "stream", stream: "general", topic: "no files" },
      content: "nothing attached here",
      client: "test",
      readBySender: undefined,
      queueId: undefined,
      localId: undefined,
    });
    // The send itself went through this database.
    expect(statements.some((sql) => /INSERT/i.test(sql))).toBe(true);
    expect(statements.filter((sql) => /attachment/i.test(sql))).toEqual([]);
  });

  it("publishes the claimed uploads with the space used in one statement", async () => {
    const [pathId = ""] = await othellosLinked(1);
    const statements: string[] = [];
    const ctx = { ...server.ctx, db: recordingDb(server.ctx.db, statements) };
    await publishAttachments(ctx, "update", [await attachmentId(pathId)]);
    expect(statements).toHaveLength(1);
  });
});
