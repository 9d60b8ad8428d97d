import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMarkdown } from "../../common/markdown/render";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const NAMES = ["desdemona", "iago", "hamlet", "othello", "cordelia", "prospero", "polonius"];

beforeAll(async () => {
  server = await startTestServer();
  for (const name of NAMES) {
    auth[name] = await server.auth(`${name}@parley.test`);
    const me = await server.api("GET", "users/me", {}, auth[name]);
    ids[name] = me.body["user_id"] as number; // our server's profile
  }
});
afterAll(async () => {
  await server.close();
});

const email = (name: string) => `${name}@parley.test`;
const post = (who: string, params: Record<string, string | number | boolean | object>) =>
  server.api("POST", "users/me/subscriptions", params, auth[who]);

async function streamCount(): Promise<number> {
  const [row] = await server.ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM streams");
  return row?.n ?? -1;
}
async function subscriptionCount(): Promise<number> {
  const [row] = await server.ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM subscriptions WHERE active",
  );
  return row?.n ?? -1;
}
interface Sub {
  name: string;
  stream_id: number;
  description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  color: string;
  subscribers?: number[];
}
async function subscriptionsOf(who: string): Promise<Sub[]> {
  const { body } = await server.api(
    "GET",
    "users/me/subscriptions",
    { include_subscribers: true },
    auth[who],
  );
  return body["subscriptions"] as Sub[]; // our server's response
}
async function subscribedNames(who: string): Promise<string[]> {
  return (await subscriptionsOf(who)).map((sub) => sub.name);
}

/** Expects a 400 that wrote nothing. */
async function expectRefused(
  who: string,
  params: Record<string, string | number | boolean | object>,
  expected: Record<string, unknown>,
) {
  const streams = await streamCount();
  const subscriptions = await subscriptionCount();
  const response = await post(who, params);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ result: "error", ...expected });
  expect(await streamCount()).toBe(streams);
  expect(await subscriptionCount()).toBe(subscriptions);
  return response.body;
}

describe("POST /users/me/subscriptions", () => {
  it("subscribes the caller and lists streams already subscribed, keyed by email", async () => {
    const { status, body } = await post("cordelia", {
      subscriptions: [{ name: "engineering" }, { name: "GENERAL" }, { name: "Engineering" }],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      result: "success",
      msg: "",
      subscribed: { [email("cordelia")]: ["engineering"] },
      already_subscribed: { [email("cordelia")]: ["general"] },
    });
    expect(await subscribedNames("cordelia")).toContain("engineering");
  });

  it("creates a missing public stream with its description and a palette colour", async () => {
    const { body } = await post("hamlet", {
      subscriptions: [{ name: "  gallery  ", description: "Pixels *and* words" }],
    });
    expect(body["subscribed"]).toEqual({ [email("hamlet")]: ["gallery"] });
    const sub = (await subscriptionsOf("hamlet")).find((s) => s.name === "gallery");
    expect(sub).toMatchObject({
      description: "Pixels *and* words",
      rendered_description: renderMarkdown("Pixels *and* words"),
      invite_only: false,
      history_public_to_subscribers: true,
      subscribers: [ids["hamlet"]],
    });
    expect(sub?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("creates private streams; history is protected unless asked, and public stays public", async () => {
    await post("hamlet", { subscriptions: [{ name: "vault" }], invite_only: true });
    await post("hamlet", {
      subscriptions: [{ name: "open-vault" }],
      invite_only: true,
      history_public_to_subscribers: true,
    });
    await post("hamlet", {
      subscriptions: [{ name: "plaza" }],
      history_public_to_subscribers: false,
    });
    const subs = await subscriptionsOf("hamlet");
    const find = (name: string) => subs.find((s) => s.name === name);
    expect(find("vault")).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
    expect(find("open-vault")).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: true,
    });
    expect(find("plaza")).toMatchObject({
      invite_only: false,
      history_public_to_subscribers: true,
    });
    const { body } = await server.api("GET", "streams", {}, auth["othello"]);
    const names = (body["streams"] as { name: string }[]).map((s) => s.name);
    expect(names).toContain("plaza");
    expect(names).not.toContain("vault");
  });

  it("takes the colour given, and each name once", async () => {
    const { body } = await post("othello", {
      subscriptions: [
        { name: "colourful", color: "#123abc" },
        { name: "COLOURFUL", color: "#ffffff" },
      ],
    });
    expect(body["subscribed"]).toEqual({ [email("othello")]: ["colourful"] });
    const sub = (await subscriptionsOf("othello")).find((s) => s.name === "colourful");
    expect(sub?.color).toBe("#123abc");
  });

  it("subscribes principals by email or id, not the caller", async () => {
    const { body } = await post("iago", {
      subscriptions: [{ name: "principals" }],
      principals: [email("othello"), email("Cordelia").toUpperCase()],
    });
    expect(body["subscribed"]).toEqual({
      [email("othello")]: ["principals"],
      [email("cordelia")]: ["principals"],
    });
    const again = await post("iago", {
      subscriptions: [{ name: "principals" }],
      principals: [ids["othello"]!, ids["prospero"]!],
    });
    expect(again.body["subscribed"]).toEqual({ [email("prospero")]: ["principals"] });
    expect(again.body["already_subscribed"]).toEqual({ [email("othello")]: ["principals"] });
    expect(await subscribedNames("iago")).not.toContain("principals");
  });

  it("refuses unknown principals, naming them, and writes nothing", async () => {
    const body = await expectRefused(
      "iago",
      { subscriptions: [{ name: "ghost-town" }], principals: ["nobody@parley.test"] },
      { code: "BAD_REQUEST" },
    );
    expect(body["msg"]).toContain("nobody@parley.test");
    await expectRefused(
      "iago",
      { subscriptions: [{ name: "ghost-town" }], principals: [99999] },
      { code: "BAD_REQUEST", msg: "No such user: '99999'" },
    );
    for (const principals of [[1, "x@parley.test"], [1.5], [2 ** 40], ["a\u0000b"], "x"]) {
      await expectRefused("iago", { subscriptions: [{ name: "ghost-town" }], principals }, {});
    }
  });

  it("without fatal errors lists the private streams the caller may not use", async () => {
    const { status, body } = await post("othello", {
      subscriptions: [{ name: "leadership" }, { name: "side-room" }],
      authorization_errors_fatal: false,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      subscribed: { [email("othello")]: ["side-room"] },
      already_subscribed: {},
      unauthorized: ["leadership"],
    });
    expect(await subscribedNames("othello")).not.toContain("leadership");
  });

  it("with fatal errors refuses a private stream by name and with no code at all", async () => {
    const body = await expectRefused(
      "othello",
      { subscriptions: [{ name: "another-room" }, { name: "Leadership" }] },
      { msg: "Unable to access stream (leadership)." },
    );
    expect(Object.keys(body).sort()).toEqual(["msg", "result"]);
  });

  it("lets subscribers and administrators add others to a private stream, not themselves", async () => {
    await post("hamlet", { subscriptions: [{ name: "den" }], invite_only: true });
    const byMember = await post("hamlet", {
      subscriptions: [{ name: "den" }],
      principals: [email("cordelia")],
    });
    expect(byMember.body["subscribed"]).toEqual({ [email("cordelia")]: ["den"] });
    const byAdmin = await post("iago", {
      subscriptions: [{ name: "den" }],
      principals: [email("othello")],
    });
    expect(byAdmin.body["subscribed"]).toEqual({ [email("othello")]: ["den"] });
    await expectRefused(
      "iago",
      { subscriptions: [{ name: "den" }] },
      {
        msg: "Unable to access stream (den).",
      },
    );
    await expectRefused(
      "prospero",
      { subscriptions: [{ name: "den" }], principals: [email("polonius")] },
      { msg: "Unable to access stream (den)." },
    );
  });

  it("keeps guests from creating streams, adding others and joining public streams", async () => {
    await expectRefused(
      "polonius",
      { subscriptions: [{ name: "guest-made" }] },
      {
        code: "BAD_REQUEST",
        msg: "Insufficient permission",
      },
    );
    await expectRefused(
      "polonius",
      { subscriptions: [{ name: "general" }], principals: [email("othello")] },
      { msg: "Insufficient permission" },
    );
    await expectRefused(
      "polonius",
      { subscriptions: [{ name: "engineering" }] },
      {
        msg: "Unable to access stream (engineering).",
      },
    );
    const own = await post("polonius", { subscriptions: [{ name: "general" }] });
    expect(own.body["already_subscribed"]).toEqual({ [email("polonius")]: ["general"] });
    const added = await post("iago", {
      subscriptions: [{ name: "engineering" }],
      principals: [email("polonius")],
    });
    expect(added.body["subscribed"]).toEqual({ [email("polonius")]: ["engineering"] });
  });

  it("refuses bad stream names before writing anything", async () => {
    const bad = ["", "   ", "x".repeat(61), "\u0000", "bad\u0007name", "\uFFFE", "a\uD800"];
    for (const name of bad) {
      await expectRefused(
        "hamlet",
        { subscriptions: [{ name: "fine-name" }, { name }] },
        { code: "BAD_REQUEST" },
      );
    }
    const sixty = await post("hamlet", { subscriptions: [{ name: "y".repeat(60) }] });
    expect(sixty.status).toBe(200);
  });

  it("refuses bad descriptions, colours and malformed parameters", async () => {
    const cases: [Record<string, string | number | boolean | object>, Record<string, unknown>][] = [
      [{ subscriptions: [{ name: "d", description: "x".repeat(1025) }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ name: "d", description: "nul\u0000" }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ name: "d", description: 5 }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ name: "d", color: "red" }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ name: "d", invite_only: true }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ description: "no name" }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ name: 7 }] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: ["general"] }, { code: "BAD_REQUEST" }],
      [{ subscriptions: { name: "d" } }, { code: "BAD_REQUEST" }],
      [{ subscriptions: "[{" }, { code: "INVALID_JSON" }],
      [{}, { code: "REQUEST_VARIABLE_MISSING", var_name: "subscriptions" }],
      [{ subscriptions: [{ name: "d" }], invite_only: "yes" }, { code: "INVALID_JSON" }],
      [{ subscriptions: [{ name: "d" }], announce: 1 }, { code: "BAD_REQUEST" }],
      [{ subscriptions: [{ name: "d" }], history_public_to_subscribers: 2 }, {}],
      [{ subscriptions: [{ name: "d" }], principals: "hamlet@parley.test" }, {}],
      [{ subscriptions: [{ name: "d" }], authorization_errors_fatal: "no" }, {}],
    ];
    for (const [params, expected] of cases) await expectRefused("hamlet", params, expected);
    const ok = await post("hamlet", {
      subscriptions: [{ name: "d", description: "x".repeat(1024) }],
    });
    expect(ok.status).toBe(200);
  });

  it("echoes unknown parameters and needs authentication", async () => {
    const { body } = await post("hamlet", {
      subscriptions: [{ name: "general" }],
      is_web_public: true,
    });
    expect(body["ignored_parameters_unsupported"]).toEqual(["is_web_public"]);
    const anonymous = await server.api("POST", "users/me/subscriptions", {
      subscriptions: [{ name: "x" }],
    });
    expect(anonymous.status).toBe(401);
  });
});
