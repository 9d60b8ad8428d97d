import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let hamlet: string;
let iago: string;
beforeAll(async () => {
  server = await startTestServer();
  hamlet = await server.auth("hamlet@parley.test");
  iago = await server.auth("iago@parley.test");
});
afterAll(async () => {
  await server.close();
});

const MODERN = { client_capabilities: { user_settings_object: true } };

async function register(auth: string, params: Record<string, string | boolean | object>) {
  const { status, body } = await server.api("POST", "register", params, auth);
  expect(status).toBe(200);
  return body;
}

async function eventsOf(auth: string, queueId: unknown): Promise<Record<string, unknown>[]> {
  const { body } = await server.api(
    "GET",
    "events",
    { queue_id: String(queueId), last_event_id: -1, dont_block: true },
    auth,
  );
  return body["events"] as Record<string, unknown>[]; // our own server's events
}

function patchSettings(auth: string, params: Record<string, string | boolean>) {
  return server.api("PATCH", "settings", params, auth);
}

async function sendAndRead(auth: string, content: string): Promise<string> {
  const sent = await server.api(
    "POST",
    "messages",
    { type: "stream", to: "general", topic: "emoticons", content },
    auth,
  );
  const read = await server.api("GET", `messages/${String(sent.body["id"])}`, {}, auth);
  return (read.body["message"] as { content: string }).content; // our own server's message
}

describe("the translate_emoticons setting", () => {
  it("is off by default, in user_settings and (for old clients) at the top level", async () => {
    const modern = await register(iago, { ...MODERN, fetch_event_types: ["user_settings"] });
    expect(modern["user_settings"]).toEqual({ translate_emoticons: false });
    expect(modern).not.toHaveProperty("translate_emoticons");
    const legacy = await register(iago, { fetch_event_types: ["update_display_settings"] });
    expect(legacy["translate_emoticons"]).toBe(false);
    expect(legacy).not.toHaveProperty("user_settings");
    const both = await register(iago, {
      ...MODERN,
      fetch_event_types: ["user_settings", "update_display_settings"],
    });
    expect(both["user_settings"]).toEqual({ translate_emoticons: false });
    expect(both).not.toHaveProperty("translate_emoticons");
  });

  it("is changed by PATCH /settings, announced to every queue of the user and only theirs", async () => {
    const types = ["user_settings", "update_display_settings"];
    const tab = await register(hamlet, { ...MODERN, event_types: types });
    const oldClient = await register(hamlet, { event_types: types });
    const other = await register(iago, { ...MODERN, event_types: types });

    const { status, body } = await patchSettings(hamlet, { translate_emoticons: true });
    expect(status).toBe(200);
    expect(body).toEqual({ result: "success", msg: "" });

    const update = { type: "user_settings", op: "update", property: "translate_emoticons" };
    expect(await eventsOf(hamlet, tab["queue_id"])).toEqual([{ id: 0, ...update, value: true }]);
    expect(await eventsOf(hamlet, oldClient["queue_id"])).toEqual([
      { id: 0, ...update, value: true },
      {
        id: 1,
        type: "update_display_settings",
        user: "hamlet@parley.test",
        setting_name: "translate_emoticons",
        setting: true,
      },
    ]);
    expect(await eventsOf(iago, other["queue_id"])).toEqual([]);
    const after = await register(hamlet, { ...MODERN, fetch_event_types: ["user_settings"] });
    expect(after["user_settings"]).toEqual({ translate_emoticons: true });

    // The same value again changes nothing and announces nothing.
    const again = await register(hamlet, { ...MODERN, event_types: types });
    expect((await patchSettings(hamlet, { translate_emoticons: true })).status).toBe(200);
    expect(await eventsOf(hamlet, again["queue_id"])).toEqual([]);
    expect((await patchSettings(hamlet, { translate_emoticons: false })).status).toBe(200);
  });

  it("renders the sender's emoticons as emoji while it is on, on sending and editing", async () => {
    const smile =
      '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>';
    expect(await sendAndRead(hamlet, "hi :)")).toBe("<p>hi :)</p>");
    await patchSettings(hamlet, { translate_emoticons: true });
    expect(await sendAndRead(hamlet, "hi :)")).toBe(`<p>hi ${smile}</p>`);
    // Another sender's setting is their own.
    expect(await sendAndRead(iago, "hi :)")).toBe("<p>hi :)</p>");
    const sent = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "emoticons", content: "draft" },
      hamlet,
    );
    const id = String(sent.body["id"]);
    await server.api("PATCH", `messages/${id}`, { content: "edited :(" }, hamlet);
    const edited = await server.api("GET", `messages/${id}`, {}, hamlet);
    expect((edited.body["message"] as { content: string }).content).toContain('aria-label="frown"');
    await patchSettings(hamlet, { translate_emoticons: false });
    expect(await sendAndRead(hamlet, "bye :)")).toBe("<p>bye :)</p>");
  });
});

describe("PATCH /settings", () => {
  it("refuses a value of the wrong type with Zulip's error, changing nothing", async () => {
    await patchSettings(hamlet, { translate_emoticons: false });
    for (const value of ["maybe", "1", '"true"']) {
      const { status, body } = await patchSettings(hamlet, { translate_emoticons: value });
      expect(status).toBe(400);
      expect(body["result"]).toBe("error");
      expect(String(body["msg"])).toMatch(/translate_emoticons/);
    }
    const state = await register(hamlet, { ...MODERN, fetch_event_types: ["user_settings"] });
    expect(state["user_settings"]).toEqual({ translate_emoticons: false });
  });

  it("names the settings it does not support in ignored_parameters_unsupported", async () => {
    const { status, body } = await patchSettings(hamlet, {
      translate_emoticons: false,
      emojiset: "google",
      frobnicate: true,
    });
    expect(status).toBe(200);
    expect(body["ignored_parameters_unsupported"]).toEqual(["emojiset", "frobnicate"]);
    expect((await patchSettings(hamlet, {})).body).toEqual({ result: "success", msg: "" });
  });

  it("refuses bots, as Zulip does", async () => {
    const bot = await server.auth("welcome-bot@parley.test");
    const { status, body } = await patchSettings(bot, { translate_emoticons: true });
    expect(status).toBe(400);
    expect(body["msg"]).toBe("This endpoint does not accept bot requests.");
  });
});
