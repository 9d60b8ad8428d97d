import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS as DEFAULTS } from "../db/user-settings";
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

function patchSettings(auth: string, params: Record<string, string | boolean | number>) {
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
    expect(modern["user_settings"]).toEqual(DEFAULTS);
    expect(modern).not.toHaveProperty("translate_emoticons");
    const legacy = await register(iago, { fetch_event_types: ["update_display_settings"] });
    expect(legacy["translate_emoticons"]).toBe(false);
    expect(legacy).not.toHaveProperty("user_settings");
    const both = await register(iago, {
      ...MODERN,
      fetch_event_types: ["user_settings", "update_display_settings"],
    });
    expect(both["user_settings"]).toEqual(DEFAULTS);
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
    expect(after["user_settings"]).toEqual({ ...DEFAULTS, translate_emoticons: true });

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

describe("the display and notification settings", () => {
  it("are Zulip's defaults (Enter sends, as in Parley), and each one changes alone", async () => {
    const othello = await server.auth("othello@parley.test");
    const before = await register(othello, { ...MODERN, fetch_event_types: ["user_settings"] });
    expect(before["user_settings"]).toEqual({
      translate_emoticons: false,
      twenty_four_hour_time: false,
      enter_sends: true,
      color_scheme: 1,
      web_home_view: "inbox",
      web_font_size_px: 16,
      web_line_height_percent: 140,
      enable_stream_desktop_notifications: false,
      enable_stream_audible_notifications: false,
      enable_followed_topic_desktop_notifications: true,
      enable_followed_topic_audible_notifications: true,
      enable_desktop_notifications: true,
      enable_sounds: true,
    });
    const change = {
      twenty_four_hour_time: true,
      enter_sends: false,
      color_scheme: 2,
      web_home_view: "recent_topics",
      web_font_size_px: 14,
      web_line_height_percent: 122,
      enable_stream_desktop_notifications: true,
      enable_followed_topic_audible_notifications: false,
      enable_sounds: false,
    };
    const tab = await register(othello, { ...MODERN, event_types: ["user_settings"] });
    const { status } = await server.api(
      "PATCH",
      "settings",
      { ...change, web_home_view: "recent_topics" },
      othello,
    );
    expect(status).toBe(200);
    const after = await register(othello, { ...MODERN, fetch_event_types: ["user_settings"] });
    expect(after["user_settings"]).toEqual({ ...DEFAULTS, ...change });
    expect(await eventsOf(othello, tab["queue_id"])).toEqual(
      Object.entries(change).map(([property, value], id) => ({
        id,
        type: "user_settings",
        op: "update",
        property,
        value,
      })),
    );
    const reset = { ...DEFAULTS } as Record<string, string | boolean | number>;
    expect((await server.api("PATCH", "settings", reset, othello)).status).toBe(200);
  });

  it("reach an old client as its group's legacy event and top-level field", async () => {
    const types = ["user_settings", "update_display_settings", "update_global_notifications"];
    const oldClient = await register(hamlet, { event_types: types, fetch_event_types: types });
    expect(oldClient["color_scheme"]).toBe(1);
    expect(oldClient["enable_sounds"]).toBe(true);
    // A modern setting is not at the top level for an old client (Zulip's `modern_settings`).
    expect(oldClient).not.toHaveProperty("web_font_size_px");
    await patchSettings(hamlet, { color_scheme: 3, enable_sounds: false, web_font_size_px: 14 });
    const events = await eventsOf(hamlet, oldClient["queue_id"]);
    expect(events.filter((event) => event["type"] !== "user_settings")).toEqual([
      {
        id: 1,
        type: "update_display_settings",
        user: "hamlet@parley.test",
        setting_name: "color_scheme",
        setting: 3,
      },
      {
        id: 4,
        type: "update_global_notifications",
        user: "hamlet@parley.test",
        notification_name: "enable_sounds",
        setting: false,
      },
    ]);
    await patchSettings(hamlet, { color_scheme: 1, enable_sounds: true, web_font_size_px: 16 });
  });

  it("refuse a value out of its choices or range, and then change none of the others", async () => {
    const bad: [Record<string, string | number | boolean>, RegExp][] = [
      [{ color_scheme: 4 }, /^Invalid color_scheme$/],
      [{ color_scheme: "dark" }, /"color_scheme" is not valid JSON/],
      [{ color_scheme: "2.5" }, /color_scheme is not an integer/],
      [{ web_home_view: "starred" }, /^Invalid web_home_view$/],
      [{ web_font_size_px: 2 }, /web_font_size_px must be between 10 and 32/],
      [{ web_line_height_percent: 1000 }, /web_line_height_percent must be between/],
      [{ enter_sends: 1 }, /enter_sends is not a boolean/],
    ];
    for (const [params, message] of bad) {
      const { status, body } = await patchSettings(hamlet, {
        twenty_four_hour_time: true,
        ...params,
      });
      expect(status).toBe(400);
      expect(String(body["msg"])).toMatch(message);
    }
    const state = await register(hamlet, { ...MODERN, fetch_event_types: ["user_settings"] });
    expect(state["user_settings"]).toEqual(DEFAULTS);
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
    expect(state["user_settings"]).toEqual(DEFAULTS);
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
