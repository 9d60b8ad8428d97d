import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAG_BITS } from "../db/flags";
import { isUnicodeEmojiCode, unicodeEmojiCode } from "../format/unicode-emoji";
import {
  expectError,
  fetchMessage,
  pollEvents,
  registerQueue,
  sendToStream,
} from "../test/message-action-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { userIdOf } from "../test/unread-msgs";

let server: TestServer;
let iago: string;
let hamlet: string;
let othello: string;
let cordelia: string;
let ids: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  cordelia = await server.auth("cordelia@parley.test");
  ids = {};
  for (const name of ["iago", "hamlet", "othello", "cordelia"]) {
    ids[name] = await userIdOf(server, `${name}@parley.test`);
  }
});
afterAll(async () => {
  await server.close();
});

type Params = Record<string, string | number | boolean | object>;
const react = (auth: string, id: number | string, params: Params) =>
  server.api("POST", `messages/${id}/reactions`, params, auth);
const unreact = (auth: string, id: number | string, params: Params) =>
  server.api("DELETE", `messages/${id}/reactions`, params, auth);

async function reactionCount(messageId: number): Promise<number> {
  const rows = await server.ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM reactions WHERE message_id = $1",
    [messageId],
  );
  return rows[0]?.n ?? 0;
}

describe("POST /messages/{id}/reactions", () => {
  it("adds a reaction by name, shown on the message and sent to everyone who has it", async () => {
    const id = await sendToStream(server, iago, "leadership", "react here");
    const member = await registerQueue(server, hamlet);
    const outsider = await registerQueue(server, cordelia);
    const { body } = await react(hamlet, id, { emoji_name: "+1" });
    expect(body).toEqual({ result: "success", msg: "" });

    const hamletUser = { email: "hamlet@parley.test", full_name: "King Hamlet" };
    expect((await fetchMessage(server, iago, id))?.["reactions"]).toEqual([
      {
        emoji_name: "+1",
        emoji_code: "1f44d",
        reaction_type: "unicode_emoji",
        user_id: ids["hamlet"],
        user: { id: ids["hamlet"], ...hamletUser },
      },
    ]);
    expect(await pollEvents(server, hamlet, member)).toEqual([
      {
        id: 0,
        type: "reaction",
        op: "add",
        message_id: id,
        user_id: ids["hamlet"],
        user: { user_id: ids["hamlet"], ...hamletUser },
        emoji_name: "+1",
        emoji_code: "1f44d",
        reaction_type: "unicode_emoji",
      },
    ]);
    expect(await pollEvents(server, cordelia, outsider)).toEqual([]);
  });

  it("counts a second emoji name for the same code as a vote under the first name", async () => {
    const id = await sendToStream(server, iago, "general", "votes");
    await react(hamlet, id, { emoji_name: "thumbs_up" });
    const vote = await react(othello, id, {
      emoji_name: "+1",
      emoji_code: "1f44d",
      reaction_type: "unicode_emoji",
    });
    expect(vote.status).toBe(200);
    const reactions = (await fetchMessage(server, iago, id))?.["reactions"] as {
      emoji_name: string;
    }[];
    expect(reactions.map((r) => r.emoji_name)).toEqual(["thumbs_up", "thumbs_up"]);
  });

  it("takes any emoji of the picker's table, and one in a skin tone", async () => {
    const id = await sendToStream(server, iago, "leadership", "react in tones");
    expect((await react(hamlet, id, { emoji_name: "avocado" })).body.result).toBe("success");
    const toned = { emoji_name: "thumbs_up_medium_skin_tone", emoji_code: "1f44d-1f3fd" };
    expect((await react(hamlet, id, toned)).body.result).toBe("success");
    const reactions = (await fetchMessage(server, iago, id))?.["reactions"] as {
      emoji_code: string;
    }[];
    expect(reactions.map((reaction) => reaction.emoji_code)).toEqual(["1f951", "1f44d-1f3fd"]);
  });

  it("takes the zulip extra emoji", async () => {
    const id = await sendToStream(server, iago, "general", "zulip");
    expect((await react(hamlet, id, { emoji_name: "zulip" })).status).toBe(200);
    const [reaction] = (await fetchMessage(server, iago, id))?.["reactions"] as object[];
    expect(reaction).toMatchObject({ emoji_code: "zulip", reaction_type: "zulip_extra_emoji" });
  });

  it("gives a reader of shared history a row, so later reactions reach them", async () => {
    const id = await sendToStream(server, iago, "engineering", "history");
    expect((await react(cordelia, id, { emoji_name: "eyes" })).status).toBe(200);
    const rows = await server.ctx.db.query<{ flags: number }>(
      "SELECT flags FROM user_messages WHERE user_id = $1 AND message_id = $2",
      [ids["cordelia"], id],
    );
    expect(rows).toEqual([{ flags: FLAG_BITS.read | FLAG_BITS.historical }]);
    const queue = await registerQueue(server, cordelia);
    await react(hamlet, id, { emoji_name: "eyes" });
    expect((await pollEvents(server, cordelia, queue)).map((e) => e["user_id"])).toEqual([
      ids["hamlet"],
    ]);
  });

  it("refuses a reaction that already exists, and invalid emoji, writing nothing", async () => {
    const id = await sendToStream(server, iago, "general", "errors");
    await react(hamlet, id, { emoji_name: "heart" });
    const twice = await react(hamlet, id, { emoji_name: "heart" });
    expectError(twice, "Reaction already exists.", "REACTION_ALREADY_EXISTS");
    const cases: [Params, string][] = [
      [{ emoji_name: "nope" }, "Emoji 'nope' does not exist"],
      [
        { emoji_name: "tada", emoji_code: "zzz", reaction_type: "unicode_emoji" },
        "Invalid emoji code.",
      ],
      [
        { emoji_name: "tada", emoji_code: "1f44d", reaction_type: "unicode_emoji" },
        "Invalid emoji name.",
      ],
      [
        { emoji_name: "tada", emoji_code: "1f389", reaction_type: "frobnicated" },
        "Invalid emoji type.",
      ],
      [
        { emoji_name: "zulip", emoji_code: "octopus", reaction_type: "zulip_extra_emoji" },
        "Invalid emoji code.",
      ],
      [
        { emoji_name: "tada", emoji_code: "zulip", reaction_type: "zulip_extra_emoji" },
        "Invalid emoji name.",
      ],
    ];
    for (const [params, msg] of cases) expectError(await react(othello, id, params), msg);
    expectError(
      await react(othello, id, {}),
      "Missing 'emoji_name' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    expect(await reactionCount(id)).toBe(1);
  });

  it("refuses messages the user may not see, and bad ids", async () => {
    const secret = await sendToStream(server, iago, "leadership", "no reactions");
    const queue = await registerQueue(server, hamlet);
    expectError(await react(cordelia, secret, { emoji_name: "tada" }), "Invalid message(s)");
    expectError(await react(cordelia, 99_999_999, { emoji_name: "tada" }), "Invalid message(s)");
    expectError(
      await react(cordelia, "1e3", { emoji_name: "tada" }),
      "Bad value for 'message_id': 1e3",
      "REQUEST_VARIABLE_INVALID",
    );
    expect(await reactionCount(secret)).toBe(0);
    expect(await pollEvents(server, hamlet, queue)).toEqual([]);
  });
});

describe("custom emoji reactions", () => {
  async function customEmoji(name: string, deactivated: boolean): Promise<number> {
    const [row] = await server.ctx.db.query<{ id: number }>(
      "INSERT INTO realm_emoji (name, file_name, deactivated) VALUES ($1, $2, $3) RETURNING id",
      [name, `${name}.png`, deactivated],
    );
    return row?.id ?? -1;
  }

  it("accepts an active custom emoji by name and by id", async () => {
    const emojiId = await customEmoji("parley_party", false);
    const id = await sendToStream(server, iago, "general", "custom");
    expect((await react(hamlet, id, { emoji_name: "parley_party" })).status).toBe(200);
    const byId = {
      emoji_name: "parley_party",
      emoji_code: String(emojiId),
      reaction_type: "realm_emoji",
    };
    expect((await react(othello, id, byId)).status).toBe(200);
    const reactions = (await fetchMessage(server, iago, id))?.["reactions"] as object[];
    const expected = {
      emoji_name: "parley_party",
      emoji_code: String(emojiId),
      reaction_type: "realm_emoji",
    };
    expect(reactions).toEqual([
      expect.objectContaining(expected),
      expect.objectContaining(expected),
    ]);
    // Removing by name alone finds the custom emoji's reaction.
    expect((await unreact(hamlet, id, { emoji_name: "parley_party" })).status).toBe(200);
  });

  it("refuses a wrong name, a deactivated emoji and an unknown id", async () => {
    const emojiId = await customEmoji("parley_wave", false);
    const oldId = await customEmoji("parley_old", true);
    const id = await sendToStream(server, iago, "general", "custom errors");
    const custom = (name: string, code: number | string) => ({
      emoji_name: name,
      emoji_code: String(code),
      reaction_type: "realm_emoji",
    });
    expectError(
      await react(hamlet, id, custom("parley_other", emojiId)),
      "Invalid custom emoji name.",
    );
    expectError(
      await react(hamlet, id, custom("parley_old", oldId)),
      "This custom emoji has been deactivated.",
    );
    expectError(
      await react(hamlet, id, { emoji_name: "parley_old" }),
      "Emoji 'parley_old' does not exist",
    );
    expectError(await react(hamlet, id, custom("parley_wave", 999_999)), "Invalid custom emoji.");
    expectError(
      await react(hamlet, id, custom("parley_wave", "not-an-id")),
      "Invalid custom emoji.",
    );
    expect(await reactionCount(id)).toBe(0);
  });
});

describe("DELETE /messages/{id}/reactions", () => {
  it("removes one's own reaction by code or by name, with a remove event", async () => {
    const id = await sendToStream(server, iago, "general", "remove");
    await react(hamlet, id, { emoji_name: "tada" });
    await react(hamlet, id, { emoji_name: "octopus" });
    await react(othello, id, { emoji_name: "tada" });
    const queue = await registerQueue(server, iago);
    const byCode = await unreact(hamlet, id, { emoji_code: "1f389" });
    expect(byCode.body).toEqual({ result: "success", msg: "" });
    expect((await unreact(hamlet, id, { emoji_name: "octopus" })).status).toBe(200);
    const events = await pollEvents(server, iago, queue);
    expect(events.map((e) => [e["op"], e["emoji_name"], e["user_id"]])).toEqual([
      ["remove", "tada", ids["hamlet"]],
      ["remove", "octopus", ids["hamlet"]],
    ]);
    const left = (await fetchMessage(server, iago, id))?.["reactions"] as { user_id: number }[];
    expect(left.map((r) => r.user_id)).toEqual([ids["othello"]]);
  });

  it("refuses a reaction that does not exist, and a call naming no emoji", async () => {
    const id = await sendToStream(server, iago, "general", "remove errors");
    await react(othello, id, { emoji_name: "tada" });
    // Othello's reaction is not Hamlet's to remove.
    expectError(
      await unreact(hamlet, id, { emoji_name: "tada" }),
      "Reaction doesn't exist.",
      "REACTION_DOES_NOT_EXIST",
    );
    expectError(
      await unreact(othello, id, { emoji_code: "1f389", reaction_type: "realm_emoji" }),
      "Reaction doesn't exist.",
      "REACTION_DOES_NOT_EXIST",
    );
    expectError(
      await unreact(othello, id, {}),
      "At least one of the following arguments must be present: emoji_name, emoji_code",
    );
    expectError(await unreact(othello, id, { emoji_name: "nope" }), "Emoji 'nope' does not exist");
    const secret = await sendToStream(server, iago, "leadership", "hidden");
    expectError(await unreact(cordelia, secret, { emoji_name: "tada" }), "Invalid message(s)");
    expect(await reactionCount(id)).toBe(1);
  });
});

describe("the Unicode emoji table", () => {
  it("maps common names and aliases to Zulip's codes", () => {
    expect(unicodeEmojiCode("+1")).toBe("1f44d");
    expect(unicodeEmojiCode("thumbs_up")).toBe("1f44d");
    expect(unicodeEmojiCode("heart")).toBe("2764");
    expect(unicodeEmojiCode("tada")).toBe("1f389");
    // Zulip renders :smile: as U+1F642 (its Markdown test cases), not U+263A.
    expect(unicodeEmojiCode("smile")).toBe("1f642");
    expect(unicodeEmojiCode("unknown_thing")).toBeUndefined();
    expect(isUnicodeEmojiCode("1f419")).toBe(true);
    expect(isUnicodeEmojiCode("zulip")).toBe(false);
  });
});
