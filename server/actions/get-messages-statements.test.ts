import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "../db/users";
import { sendDirect, sendToStream } from "../test/message-action-helpers";
import { concurrencyDb, recordingDb } from "../test/recording-db";
import { startTestServer, type TestServer } from "../test/test-server";
import { getMessages } from "./get-messages";

// The statements a GET /messages of a stream sends: what does not change between two pages of
// the same narrow is not read again.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("GET /messages of a stream narrow", () => {
  it("reads the stream's row for the first page only, and no users for stream messages", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    const sent = await sendToStream(server, hamlet, "engineering", "page one");
    const user = await findUserByEmail(server.ctx.db, "hamlet@parley.test");
    if (!user) throw new Error("no hamlet");
    const statements: string[] = [];
    const ctx = { ...server.ctx, db: recordingDb(server.ctx.db, statements) };
    const page = () =>
      getMessages(ctx, user, {
        anchor: "newest",
        numBefore: 10,
        numAfter: 0,
        includeAnchor: true,
        narrow: [{ operator: "stream", operand: "engineering", negated: false }],
        applyMarkdown: true,
      });
    await page();
    statements.length = 0;
    const second = await page();
    expect(second.messages.map((m) => m.id)).toContain(sent);
    expect(second.messages.every((m) => m.display_recipient === "engineering")).toBe(true);
    const streamReads = statements.filter((sql) => /SELECT\s+s\.id,\s*s\.name\b/.test(sql));
    const userReads = statements.filter((sql) => /\bFROM users WHERE id = ANY\b/.test(sql));
    expect(streamReads).toEqual([]);
    expect(userReads).toEqual([]);
  });
});

describe("GET /messages after the messages are found", () => {
  it("sends the participants', reactions' and highlights' reads together", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    const sent = await sendDirect(server, hamlet, ["othello@parley.test"], "the quokka report");
    const user = await findUserByEmail(server.ctx.db, "hamlet@parley.test");
    if (!user) throw new Error("no hamlet");
    const seen = { inFlight: 0, most: 0 };
    const ctx = { ...server.ctx, db: concurrencyDb(server.ctx.db, seen) };
    const found = await getMessages(ctx, user, {
      anchor: "newest",
      numBefore: 10,
      numAfter: 0,
      includeAnchor: true,
      narrow: [{ operator: "search", operand: "quokka", negated: false }],
      applyMarkdown: true,
    });
    const message = found.messages.find((m) => m.id === sent);
    expect(message?.display_recipient).toHaveLength(2);
    expect(message && "match_content" in message ? message.match_content : "").toContain(
      '<span class="highlight">quokka</span>',
    );
    expect(seen.most).toBeGreaterThanOrEqual(3);
  });
});

describe("GET /messages of direct messages", () => {
  it("reads the groups' members and the participants in one statement", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    const one = await sendDirect(server, hamlet, ["othello@parley.test"], "to othello");
    const group = await sendDirect(
      server,
      hamlet,
      ["othello@parley.test", "iago@parley.test"],
      "to two",
    );
    const user = await findUserByEmail(server.ctx.db, "hamlet@parley.test");
    if (!user) throw new Error("no hamlet");
    const statements: string[] = [];
    const ctx = { ...server.ctx, db: recordingDb(server.ctx.db, statements) };
    const found = await getMessages(ctx, user, {
      anchor: "newest",
      numBefore: 10,
      numAfter: 0,
      includeAnchor: true,
      narrow: [{ operator: "is", operand: "dm", negated: false }],
      applyMarkdown: true,
    });
    const emails = (id: number) => {
      const recipient = found.messages.find((m) => m.id === id)?.display_recipient;
      return Array.isArray(recipient) ? recipient.map((r) => r.email).sort() : recipient;
    };
    expect(emails(one)).toEqual(["hamlet@parley.test", "othello@parley.test"]);
    expect(emails(group)).toEqual([
      "hamlet@parley.test",
      "iago@parley.test",
      "othello@parley.test",
    ]);
    const participantReads = statements.filter((sql) =>
      /\bFROM (users|direct_message_groups)\b/.test(sql),
    );
    expect(participantReads).toHaveLength(1);
  });
});
