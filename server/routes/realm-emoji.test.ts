import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, queuedEvents, registerQueue, TINY_PNG } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { verifyAction, type State, type TestEvent } from "../test/verify-action";
import { registerEmojiFiles } from "./realm-emoji";

let server: TestServer;
let iago: string;
let hamlet: string;
let othello: string;
let polonius: string;

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
  polonius = await server.auth("polonius@parley.test");
});
afterAll(async () => {
  await server.close();
});

interface Emoji {
  id: string;
  name: string;
  source_url: string;
  still_url: null;
  deactivated: boolean;
  author_id: number | null;
  author: { id: number; email: string; full_name: string } | null;
}

async function emojiList(): Promise<Record<string, Emoji>> {
  const { body } = await server.api("GET", "realm/emoji", {}, hamlet);
  return body["emoji"] as Record<string, Emoji>; // our own response
}

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

async function upload(
  name: string,
  auth: string,
  files = [{ field: "file", fileName: "e.png", contentType: "image/png", data: TINY_PNG }],
) {
  const { payload, contentType } = multipart(files);
  const response = await server.app.inject({
    method: "POST",
    url: `/api/v1/realm/emoji/${name}`,
    headers: { authorization: auth, "content-type": contentType },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Asserts a refused upload: the status, the message, and no emoji written. */
async function expectRefused(
  name: string,
  msg: string,
  options: { auth?: string; files?: Parameters<typeof upload>[2]; status?: number } = {},
) {
  const before = await emojiList();
  const { status, body } = await upload(name, options.auth ?? hamlet, options.files);
  expect(status).toBe(options.status ?? 400);
  expect(body).toMatchObject({ result: "error", msg });
  expect(await emojiList()).toEqual(before);
}

describe("GET /realm/emoji", () => {
  it("lists the demo emoji with the spec's author and Zulip's author_id", async () => {
    const list = Object.values(await emojiList());
    expect(list.map((e) => e.name)).toEqual([
      "parley",
      "shipit",
      "rubber_duck",
      "coffee",
      "party_parrot",
      "hamlet_skull",
    ]);
    const parley = list[0];
    expect(parley).toEqual({
      id: expect.any(String) as string,
      name: "parley",
      source_url: `/user_avatars/emoji/${parley?.id ?? ""}.png`,
      still_url: null,
      deactivated: false,
      author_id: expect.any(Number) as number,
      author: {
        id: parley?.author_id,
        email: "desdemona@parley.test",
        full_name: "Desdemona",
      },
    });
  });

  it("are served by the app at their source_url", async () => {
    const [first] = Object.values(await emojiList());
    const response = await server.app.inject({ method: "GET", url: first?.source_url ?? "" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
  });
});

describe("serving emoji files", () => {
  it("serves stored images with their type, nosniff and a closed CSP, and nothing else", async () => {
    const app = Fastify();
    registerEmojiFiles(app, server.ctx);
    const [first] = Object.values(await emojiList());
    const response = await app.inject({ url: first?.source_url ?? "" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(response.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    for (const url of [
      "/user_avatars/emoji/999999.png",
      "/user_avatars/emoji/1.svg",
      "/user_avatars/emoji/..%2F..%2Fetc%2Fpasswd",
      "/user_avatars/emoji/1.png.svg",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    await app.close();
  });
});

describe("POST /realm/emoji/{emoji_name}", () => {
  it("adds an emoji from a PNG or GIF upload", async () => {
    const { status, body } = await upload("green_tick", othello);
    expect(status).toBe(200);
    expect(body).toEqual({ result: "success", msg: "" });
    const gif = await upload("blink", othello, [
      { field: "f", fileName: "x.gif", contentType: "image/gif", data: GIF },
    ]);
    expect(gif.status).toBe(200);
    const added = Object.values(await emojiList()).filter(
      (e) => e.name === "green_tick" || e.name === "blink",
    );
    expect(added.map((e) => e.source_url.split(".").at(-1))).toEqual(["png", "gif"]);
    expect(added[0]?.author?.email).toBe("othello@parley.test");
  });

  it.each([
    [
      "Smile",
      "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
    ],
    ["a-", "Emoji names must end with either a letter or digit."],
    ["a_", "Emoji names must end with either a letter or digit."],
    [
      "a.b",
      "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
    ],
    [
      "..%2Fx",
      "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
    ],
    [
      "a%20b",
      "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
    ],
    [
      "%3Cimg%3E",
      "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
    ],
    ["a".repeat(61), "Emoji name is too long (limit: 60 characters)."],
  ])("refuses the name %s", async (name, msg) => {
    await expectRefused(name, msg);
  });

  it("refuses a 1000-character name", async () => {
    const before = await emojiList();
    const { status, body } = await upload("a".repeat(1000), hamlet);
    // Fastify's router refuses path parameters over `maxParamLength` (100) with its own 414.
    if (status === 414) expect(body).toMatchObject({ code: "FST_ERR_MAX_PARAM_LENGTH" });
    else expect(body).toMatchObject({ msg: "Emoji name is too long (limit: 60 characters)." });
    expect(await emojiList()).toEqual(before);
  });

  it("refuses a duplicate name, guests, and anything but one image", async () => {
    await expectRefused("parley", "A custom emoji with this name already exists.");
    await expectRefused("guest_emoji", "Insufficient permission", { auth: polonius });
    await expectRefused("none", "You must upload exactly one file.", { files: [] });
    const two = { field: "a", fileName: "a.png", contentType: "image/png", data: TINY_PNG };
    await expectRefused("two_images", "You must upload exactly one file.", {
      files: [two, { ...two, field: "b" }],
    });
    await expectRefused("svg", "Invalid image format: use PNG, GIF, JPEG or WebP.", {
      files: [{ field: "f", fileName: "x.png", contentType: "image/png", data: SVG }],
    });
    await expectRefused("text", "Invalid image format: use PNG, GIF, JPEG or WebP.", {
      files: [
        { field: "f", fileName: "x.gif", contentType: "image/gif", data: Buffer.from("GIF8") },
      ],
    });
  });

  it("lets only an administrator override a standard emoji, as Zulip does", async () => {
    for (const name of ["smile", "thumbs_up", "heart"]) {
      await expectRefused(name, "Only administrators can override default emoji.");
    }
    expect((await upload("smile", iago)).status).toBe(200);
    expect(Object.values(await emojiList()).map((e) => e.name)).toContain("smile");
  });

  it("refuses a file over 5 MiB", async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    await expectRefused("big", "Uploaded file is larger than the allowed limit of 5 MiB", {
      files: [{ field: "f", fileName: "big.png", contentType: "image/png", data: big }],
      status: 413,
    });
  });

  it("refuses a urlencoded request (no file)", async () => {
    const { status, body } = await server.api("POST", "realm/emoji/plain", {}, hamlet);
    expect(status).toBe(400);
    expect(body["msg"]).toBe("You must upload exactly one file.");
  });
});

describe("DELETE /realm/emoji/{emoji_name}", () => {
  it("lets the author deactivate their emoji, and a new one take the name", async () => {
    await upload("mine", hamlet);
    const { status } = await server.api("DELETE", "realm/emoji/mine", {}, hamlet);
    expect(status).toBe(200);
    const mine = Object.values(await emojiList()).filter((e) => e.name === "mine");
    expect(mine.map((e) => e.deactivated)).toEqual([true]);
    expect((await upload("mine", othello)).status).toBe(200);
  });

  it("refuses other members, and 404s unknown or deactivated names", async () => {
    await upload("othellos", othello);
    const before = await emojiList();
    const other = await server.api("DELETE", "realm/emoji/othellos", {}, hamlet);
    expect(other.body).toMatchObject({
      code: "BAD_REQUEST",
      msg: "Must be an organization administrator or emoji author",
    });
    const unknown = await server.api("DELETE", "realm/emoji/no_such", {}, iago);
    expect(unknown.status).toBe(404);
    expect(unknown.body["msg"]).toBe("Emoji 'no_such' does not exist");
    expect(await emojiList()).toEqual(before);
    const admin = await server.api("DELETE", "realm/emoji/othellos", {}, iago);
    expect(admin.status).toBe(200);
    const gone = await server.api("DELETE", "realm/emoji/othellos", {}, iago);
    expect(gone.status).toBe(404);
  });
});

describe("realm_emoji events", () => {
  const apply = (state: State, event: TestEvent) => {
    if (event.type === "realm_emoji") state["realm_emoji"] = event["realm_emoji"];
  };

  it("sends the whole dict to every queue, guests included", async () => {
    const guest = await registerQueue(server, polonius);
    const other = await registerQueue(server, iago, { event_types: ["message"] });
    await upload("for_all", hamlet);
    const [event] = await queuedEvents(server, polonius, guest.queueId);
    expect(event).toEqual({
      id: 0,
      type: "realm_emoji",
      op: "update",
      realm_emoji: await emojiList(),
    });
    expect(await queuedEvents(server, iago, other.queueId)).toEqual([]);
  });

  it("verify_action: adding and deactivating", async () => {
    await verifyAction(server, {
      email: "cordelia@parley.test",
      keys: ["realm_emoji"],
      numEvents: 1,
      action: async () => {
        expect((await upload("verified", hamlet)).status).toBe(200);
      },
      apply,
    });
    await verifyAction(server, {
      email: "cordelia@parley.test",
      keys: ["realm_emoji"],
      numEvents: 1,
      action: async () => {
        await server.api("DELETE", "realm/emoji/verified", {}, hamlet);
      },
      apply,
    });
  });
});
