import { describe, expect, it } from "vitest";
import { demoSuite } from "../test/demo-suite";

const PEOPLE = ["iago", "hamlet", "othello", "cordelia", "polonius"];
const suite = demoSuite(PEOPLE);
const { as } = suite;

async function send(sender: string, params: Record<string, string>): Promise<number> {
  const { body } = await suite.server.api("POST", "messages", params, as(sender));
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["id"] as number; // checked just above
}

const getOne = (
  viewer: string,
  id: number | string,
  params: Record<string, string | boolean> = {},
) => suite.server.api("GET", `messages/${id}`, params, as(viewer));

/** The message as `GET /messages` shows it to `viewer` (narrowed by id). */
async function listed(viewer: string, id: number, narrow: object[]): Promise<unknown> {
  const { body } = await suite.server.api(
    "GET",
    "messages",
    { anchor: id, num_before: 0, num_after: 0, narrow, apply_markdown: true },
    as(viewer),
  );
  return (body["messages"] as { id: number }[]).find((m) => m.id === id); // our own server's list
}

describe("GET /messages/{id}", () => {
  it("returns the message as GET /messages shows it, plus raw_content", async () => {
    const id = await send("hamlet", {
      type: "stream",
      to: "general",
      topic: "single",
      content: "one *message*\n\nin two",
    });
    const { status, body } = await getOne("othello", id);
    expect(status).toBe(200);
    expect(body["raw_content"]).toBe("one *message*\n\nin two");
    expect(body["message"]).toEqual(await listed("othello", id, [["stream", "general"]]));
    expect(body["message"]).toMatchObject({
      id,
      content: "<p>one <em>message</em></p>\n<p>in two</p>",
      content_type: "text/html",
      subject: "single",
      display_recipient: "general",
      flags: [],
    });
  });

  it("returns Markdown when apply_markdown is false", async () => {
    const id = await send("hamlet", {
      type: "stream",
      to: "general",
      topic: "single",
      content: "*x*",
    });
    const { body } = await getOne("othello", id, { apply_markdown: false });
    expect(body["message"]).toMatchObject({ content: "*x*", content_type: "text/x-markdown" });
  });

  it("shows a public stream's message the viewer never received as read and historical", async () => {
    const id = await send("hamlet", {
      type: "stream",
      to: "engineering",
      topic: "t",
      content: "x",
    });
    const { body } = await getOne("cordelia", id);
    expect(body["message"]).toMatchObject({ id, flags: ["read", "historical"] });
  });

  it("shows direct messages to their participants, with display_recipient", async () => {
    const id = await send("iago", { type: "private", to: "hamlet@parley.test", content: "psst" });
    const { body } = await getOne("hamlet", id);
    expect(body["message"]).toEqual(await listed("hamlet", id, [["dm", "iago@parley.test"]]));
    expect(body["message"]).toMatchObject({ type: "private", subject: "" });
  });

  it("treats unknown, malformed and invisible messages alike", async () => {
    const secret = await send("iago", {
      type: "stream",
      to: "leadership",
      topic: "t",
      content: "x",
    });
    const dm = await send("iago", { type: "private", to: "hamlet@parley.test", content: "psst" });
    const engineering = await send("hamlet", {
      type: "stream",
      to: "engineering",
      topic: "t",
      content: "members only",
    });
    const cases: [string, number | string][] = [
      ["othello", secret],
      ["polonius", secret],
      ["othello", dm],
      // A guest sees only the public streams they are subscribed to.
      ["polonius", engineering],
      ["hamlet", 999_999_999],
      ["hamlet", "abc"],
      ["hamlet", "9223372036854775808"],
      ["hamlet", "1.5"],
    ];
    for (const [viewer, id] of cases) {
      const { status, body } = await getOne(viewer, id);
      expect(status, `${viewer} ${id}`).toBe(400);
      expect(body).toEqual({ result: "error", msg: "Invalid message(s)", code: "BAD_REQUEST" });
    }
  });

  it("checks parameters and echoes unknown ones", async () => {
    const id = await send("hamlet", { type: "stream", to: "general", topic: "t", content: "x" });
    const bad = await getOne("hamlet", id, { apply_markdown: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVALID_JSON" });
    const odd = await getOne("hamlet", id, { frobnicate: "1" });
    expect(odd.body["ignored_parameters_unsupported"]).toEqual(["frobnicate"]);
  });

  it("needs credentials", async () => {
    const { status } = await suite.server.api("GET", "messages/1");
    expect(status).toBe(401);
  });
});
