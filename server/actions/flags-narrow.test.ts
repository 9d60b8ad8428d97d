import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectError,
  pollEvents,
  registerQueue,
  sendToStream,
} from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let hamlet: string;
let othello: string;
let cordelia: string;

beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
});
afterAll(async () => {
  await server.close();
});

const flagsNarrow = (auth: string, params: Record<string, string | number | boolean | object>) =>
  server.api(
    "POST",
    "messages/flags/narrow",
    { anchor: "oldest", num_before: 0, num_after: 100, op: "add", flag: "read", ...params },
    auth,
  );

describe("POST /messages/flags/narrow", () => {
  it("changes the flag on the narrow's messages around the anchor, with the flags event", async () => {
    const ids = [
      await sendToStream(server, hamlet, "general", "batch", "one"),
      await sendToStream(server, hamlet, "general", "batch", "two"),
      await sendToStream(server, hamlet, "general", "batch", "three"),
    ];
    const queue = await registerQueue(server, othello, { event_types: ["update_message_flags"] });
    const narrow = [
      { operator: "stream", operand: "general" },
      { operator: "topic", operand: "batch" },
    ];
    const first = await flagsNarrow(othello, { narrow });
    expect(first.body).toEqual({
      result: "success",
      msg: "",
      processed_count: 3,
      updated_count: 3,
      first_processed_id: ids[0],
      last_processed_id: ids[2],
      found_oldest: true,
      found_newest: true,
    });
    expect(await pollEvents(server, othello, queue)).toMatchObject([
      { type: "update_message_flags", op: "add", flag: "read", messages: ids },
    ]);
    // Already read: processed again, changed none.
    const again = await flagsNarrow(othello, { narrow });
    expect(again.body).toMatchObject({ processed_count: 3, updated_count: 0 });
    // A window short of the narrow's end says so, for the next call to continue.
    const window = await flagsNarrow(othello, {
      narrow,
      anchor: ids[1] ?? 0,
      num_before: 0,
      num_after: 0,
      op: "remove",
    });
    expect(window.body).toMatchObject({
      processed_count: 1,
      updated_count: 1,
      first_processed_id: ids[1],
      last_processed_id: ids[1],
      found_oldest: false,
      found_newest: false,
    });
  });

  it("stars history the user never received, as POST /messages/flags does", async () => {
    const id = await sendToStream(server, hamlet, "engineering", "starry", "shine");
    const narrow = [
      ["stream", "engineering"],
      ["topic", "starry"],
    ];
    const { body } = await flagsNarrow(cordelia, { narrow, flag: "starred" });
    expect(body).toMatchObject({ processed_count: 1, updated_count: 1, first_processed_id: id });
    const starred = await flagsNarrow(cordelia, {
      narrow: [["is", "starred"]],
      anchor: "newest",
      num_before: 10,
      num_after: 0,
      flag: "starred",
    });
    expect(starred.body).toMatchObject({ processed_count: 1, updated_count: 0 });
  });

  it("checks its parameters as Zulip does", async () => {
    expectError(
      await flagsNarrow(othello, { anchor: 5, num_before: 1, num_after: 1, include_anchor: false }),
      "The anchor can only be excluded at an end of the range",
    );
    expectError(
      await flagsNarrow(othello, { flag: "mentioned" }),
      "Flag not editable: 'mentioned'",
    );
    expectError(
      await flagsNarrow(othello, { op: "toggle" }),
      "Invalid message flag operation: 'toggle'",
    );
    const missing = await server.api(
      "POST",
      "messages/flags/narrow",
      { anchor: "newest", num_after: 0, op: "add", flag: "read" },
      othello,
    );
    expect(missing.status).toBe(400);
    expect(missing.body["msg"]).toBe("Missing 'num_before' argument");
    // More than 5000 asked for is clamped, not refused.
    const clamped = await flagsNarrow(othello, {
      anchor: "newest",
      num_before: 9000,
      num_after: 9000,
      narrow: [["topic", "nothing here"]],
    });
    expect(clamped.body).toMatchObject({ result: "success", processed_count: 0, updated_count: 0 });
  });
});
