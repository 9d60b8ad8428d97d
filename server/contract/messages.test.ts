import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";
import {
  expectCodedError,
  expectContract,
  specDisplayRecipient,
  specMessageFields,
} from "./contract";
import { lacksCorpora } from "../../common/test/vitest-corpora";
import { OPENAPI_FILE } from "./openapi";

// Every test here validates against the OpenAPI file: without it they are skipped, and one more
// test says why (or fails saying so, with PARLEY_REQUIRE_CORPORA=1).
const noOpenApi = lacksCorpora("Zulip's OpenAPI contract: messages", [OPENAPI_FILE]);

// Message endpoints checked against Zulip's OpenAPI (9.0, FL 247). Where the spec differs, the
// relaxations below name the field and the reason; everything else must fit exactly.

let server: TestServer;
let iago: string;
let hamlet: string;
let othello: string;
let streamMessageId: number;
let generalId: number;

async function send(auth: string, content: string, topic = "contract"): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to: "general", topic, content },
    auth,
  );
  if (typeof body["id"] !== "number") throw new Error(JSON.stringify(body));
  return body["id"];
}

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  streamMessageId = await send(iago, "A message about **contracts**.");
  const [general] = await server.ctx.db.query<{ id: number }>(
    "SELECT id FROM streams WHERE name = 'general'",
  );
  generalId = general?.id ?? 0;
});
afterAll(async () => {
  await server.close();
});

describe.skipIf(noOpenApi)("contract: sending and reading messages", () => {
  it("POST /messages (stream)", async () => {
    const reply = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "contract", content: "hello" },
      hamlet,
    );
    expectContract("POST /messages", reply, 200);
  });

  it("POST /messages (private)", async () => {
    const reply = await server.api(
      "POST",
      "messages",
      { type: "private", to: "othello@parley.test", content: "psst" },
      hamlet,
    );
    expectContract("POST /messages", reply, 200);
  });

  it("POST /messages to a stream that does not exist: 400 STREAM_DOES_NOT_EXIST", async () => {
    const reply = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "no such stream", topic: "t", content: "x" },
      hamlet,
    );
    expectContract("POST /messages", reply, 400);
    expect(reply.body).toMatchObject({ code: "STREAM_DOES_NOT_EXIST", stream: "no such stream" });
  });

  it("POST /messages to an invalid email: 400 BAD_REQUEST", async () => {
    const reply = await server.api(
      "POST",
      "messages",
      { type: "private", to: "nobody@parley.test", content: "x" },
      hamlet,
    );
    expectContract("POST /messages", reply, 400);
    expect(reply.body["code"]).toBe("BAD_REQUEST");
  });

  it("POST /messages with a topic over 60 characters: refused (Zulip truncates)", async () => {
    const reply = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "t".repeat(61), content: "x" },
      hamlet,
    );
    // Our deliberate difference (README, Compatibility): a clear 400 instead of silent
    // truncation, so there is no 200 to check; the error has Zulip's coded-error shape.
    expectCodedError(reply, 400, "BAD_REQUEST");
  });

  it("GET /messages (a stream narrow, markdown)", async () => {
    const reply = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 5, num_after: 0, narrow: [["stream", "general"]] },
      hamlet,
    );
    expectContract("GET /messages", reply, 200, specMessageFields("messages.*"));
  });

  it("GET /messages (direct messages, raw content)", async () => {
    const reply = await server.api(
      "GET",
      "messages",
      {
        anchor: "oldest",
        num_before: 0,
        num_after: 10,
        narrow: [{ operator: "is", operand: "dm" }],
        apply_markdown: false,
      },
      hamlet,
    );
    expectContract("GET /messages", reply, 200, [
      ...specMessageFields("messages.*"),
      specDisplayRecipient("messages.*"),
    ]);
  });

  it("GET /messages/{message_id}", async () => {
    const reply = await server.api("GET", `messages/${streamMessageId}`, {}, hamlet);
    expectContract("GET /messages/{message_id}", reply, 200, specMessageFields("message"));
  });

  it("GET /messages/{message_id} that does not exist: 400", async () => {
    const reply = await server.api("GET", "messages/99999999", {}, hamlet);
    expectContract("GET /messages/{message_id}", reply, 400);
  });
});

describe.skipIf(noOpenApi)("contract: editing, history and deleting", () => {
  it("PATCH /messages/{message_id}", async () => {
    const id = await send(hamlet, "first version");
    const reply = await server.api(
      "PATCH",
      `messages/${id}`,
      { content: "second version" },
      hamlet,
    );
    expectContract("PATCH /messages/{message_id}", reply, 200);
  });

  it("PATCH /messages/{message_id} of someone else's message: 400", async () => {
    const reply = await server.api(
      "PATCH",
      `messages/${streamMessageId}`,
      { content: "not mine" },
      hamlet,
    );
    expectContract("PATCH /messages/{message_id}", reply, 400);
  });

  it("GET /messages/{message_id}/history", async () => {
    const id = await send(hamlet, "before", "history");
    await server.api("PATCH", `messages/${id}`, { content: "after", topic: "history 2" }, hamlet);
    const reply = await server.api("GET", `messages/${id}/history`, {}, hamlet);
    expectContract("GET /messages/{message_id}/history", reply, 200);
    expect(reply.body["message_history"]).toHaveLength(2);
  });

  it("GET /messages/{message_id}/history that does not exist: 400", async () => {
    const reply = await server.api("GET", "messages/99999999/history", {}, hamlet);
    expectContract("GET /messages/{message_id}/history", reply, 400);
  });

  it("DELETE /messages/{message_id} by an administrator", async () => {
    const id = await send(hamlet, "to be deleted");
    const reply = await server.api("DELETE", `messages/${id}`, {}, iago);
    expectContract("DELETE /messages/{message_id}", reply, 200);
  });

  it("DELETE /messages/{message_id} without permission: 400", async () => {
    const reply = await server.api("DELETE", `messages/${streamMessageId}`, {}, othello);
    expectContract("DELETE /messages/{message_id}", reply, 400);
  });

  it("DELETE /messages/{message_id} that does not exist: 400", async () => {
    const reply = await server.api("DELETE", "messages/99999999", {}, iago);
    expectContract("DELETE /messages/{message_id}", reply, 400);
  });
});

describe.skipIf(noOpenApi)("contract: flags, reading and reactions", () => {
  it("POST /messages/flags", async () => {
    const reply = await server.api(
      "POST",
      "messages/flags",
      { messages: [streamMessageId], op: "add", flag: "starred" },
      hamlet,
    );
    expectContract("POST /messages/flags", reply, 200);
  });

  it("POST /messages/flags/narrow", async () => {
    const reply = await server.api(
      "POST",
      "messages/flags/narrow",
      { anchor: "newest", num_before: 10, num_after: 0, narrow: [], op: "add", flag: "read" },
      hamlet,
    );
    expectContract("POST /messages/flags/narrow", reply, 200);
  });

  it("POST /messages/flags with a flag that is not editable: 400", async () => {
    const reply = await server.api(
      "POST",
      "messages/flags",
      { messages: [streamMessageId], op: "add", flag: "mentioned" },
      hamlet,
    );
    expectCodedError(reply, 400, "BAD_REQUEST");
  });

  it("POST /mark_stream_as_read", async () => {
    const reply = await server.api("POST", "mark_stream_as_read", { stream_id: generalId }, hamlet);
    expectContract("POST /mark_stream_as_read", reply, 200);
  });

  it("POST /mark_topic_as_read", async () => {
    const reply = await server.api(
      "POST",
      "mark_topic_as_read",
      { stream_id: generalId, topic_name: "contract" },
      hamlet,
    );
    expectContract("POST /mark_topic_as_read", reply, 200);
  });

  it("POST /mark_all_as_read", async () => {
    const reply = await server.api("POST", "mark_all_as_read", {}, hamlet);
    expectContract("POST /mark_all_as_read", reply, 200);
  });

  it("POST /messages/{message_id}/reactions", async () => {
    const reply = await server.api(
      "POST",
      `messages/${streamMessageId}/reactions`,
      { emoji_name: "octopus" },
      hamlet,
    );
    expectContract("POST /messages/{message_id}/reactions", reply, 200);
  });

  it("POST /messages/{message_id}/reactions twice: 400 REACTION_ALREADY_EXISTS", async () => {
    const reply = await server.api(
      "POST",
      `messages/${streamMessageId}/reactions`,
      { emoji_name: "octopus" },
      hamlet,
    );
    expectContract("POST /messages/{message_id}/reactions", reply, 400);
    expect(reply.body["code"]).toBe("REACTION_ALREADY_EXISTS");
  });

  it("DELETE /messages/{message_id}/reactions", async () => {
    const reply = await server.api(
      "DELETE",
      `messages/${streamMessageId}/reactions`,
      { emoji_name: "octopus" },
      hamlet,
    );
    expectContract("DELETE /messages/{message_id}/reactions", reply, 200);
  });

  it("DELETE /messages/{message_id}/reactions that is not there: 400 REACTION_DOES_NOT_EXIST", async () => {
    const reply = await server.api(
      "DELETE",
      `messages/${streamMessageId}/reactions`,
      { emoji_name: "octopus" },
      hamlet,
    );
    expectContract("DELETE /messages/{message_id}/reactions", reply, 400);
    expect(reply.body["code"]).toBe("REACTION_DOES_NOT_EXIST");
  });
});
