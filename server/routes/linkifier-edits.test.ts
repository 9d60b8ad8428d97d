import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

// PATCH /realm/filters/{id} (edit one) and PATCH /realm/linkifiers (reorder all): checks,
// permissions, the event, and the order the renderer applies them in.
let server: TestServer;
let iago: string;
let hamlet: string;
const CAPABLE = { client_capabilities: { linkifier_url_template: true } };

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
});
afterAll(async () => {
  await server.close();
});

interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

async function linkifiers(): Promise<Linkifier[]> {
  const { body } = await server.api("GET", "realm/linkifiers", {}, hamlet);
  return body["linkifiers"] as Linkifier[]; // our own response
}

async function add(pattern: string, urlTemplate: string): Promise<number> {
  const { body } = await server.api(
    "POST",
    "realm/filters",
    { pattern, url_template: urlTemplate },
    iago,
  );
  if (typeof body["id"] !== "number") throw new Error(JSON.stringify(body));
  return body["id"];
}

/** Sends `content` to #general and answers its rendered HTML. */
async function rendered(content: string): Promise<string> {
  const sent = await server.api(
    "POST",
    "messages",
    { type: "stream", to: "general", topic: "linkifier order", content },
    hamlet,
  );
  const { body } = await server.api(
    "GET",
    "messages",
    { anchor: Number(sent.body["id"]), num_before: 0, num_after: 0 },
    hamlet,
  );
  const [message] = body["messages"] as { content: string }[]; // our own response
  return message?.content ?? "";
}

/** Asserts a refused request: 400 with the message, and no change to the linkifiers. */
async function expectRefused(
  request: () => Promise<{ status: number; body: Record<string, unknown> }>,
  msg: string,
  code = "BAD_REQUEST",
) {
  const before = await linkifiers();
  const { status, body } = await request();
  expect(status).toBe(400);
  expect(body).toMatchObject({ result: "error", msg, code });
  expect(await linkifiers()).toEqual(before);
}

describe("PATCH /realm/filters/{filter_id}", () => {
  it("changes the pattern and template in place, stripped, and the renderer uses them", async () => {
    const id = await add("ED-(?P<id>[0-9]+)", "https://old.example/{id}");
    const place = (await linkifiers()).findIndex((l) => l.id === id);
    const { status } = await server.api(
      "PATCH",
      `realm/filters/${id}`,
      { pattern: " EDIT-(?P<n>[0-9]+) ", url_template: " https://new.example/t/{n} " },
      iago,
    );
    expect(status).toBe(200);
    const after = await linkifiers();
    expect(after[place]).toEqual({
      id,
      pattern: "EDIT-(?P<n>[0-9]+)",
      url_template: "https://new.example/t/{n}",
    });
    expect(await rendered("See EDIT-5")).toContain('href="https://new.example/t/5"');
  });

  it("refuses what creation refuses, unknown ids and non-administrators, changing nothing", async () => {
    const id = await add("RF-(?P<id>[0-9]+)", "https://rf.example/{id}");
    const other = await add("RG-(?P<id>[0-9]+)", "https://rg.example/{id}");
    const patch =
      (params: Record<string, string>, auth = iago, target = id) =>
      () =>
        server.api("PATCH", `realm/filters/${target}`, params, auth);
    await expectRefused(
      patch({ pattern: "(unclosed", url_template: "https://x.example/" }),
      "Bad regular expression: missing closing ): `(unclosed`",
    );
    await expectRefused(
      patch({ pattern: "RF-(?P<id>[0-9]+)", url_template: "https://x.example/{nope}" }),
      "Group 'nope' in URL template is not present in linkifier pattern.",
    );
    await expectRefused(
      patch({ pattern: "RG-(?P<id>[0-9]+)", url_template: "https://x.example/{id}" }),
      "Linkifier with this Pattern and Realm already exists.",
    );
    await expectRefused(
      patch({ pattern: "RH-(?P<id>[0-9]+)", url_template: "https://x.example/{id}" }, hamlet),
      "Must be an organization administrator",
      "UNAUTHORIZED_PRINCIPAL",
    );
    await expectRefused(
      patch({ pattern: "RH-(?P<id>[0-9]+)", url_template: "https://x.example/{id}" }, iago, 999999),
      "Linkifier not found.",
    );
    await expectRefused(
      patch({ pattern: "RH-(?P<id>[0-9]+)" }),
      "Missing 'url_template' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    // Its own pattern is no duplicate.
    const same = await patch({
      pattern: "RF-(?P<id>[0-9]+)",
      url_template: "https://b.example/{id}",
    })();
    expect(same.status).toBe(200);
    expect(other).toBeGreaterThan(0);
  });

  it("sends the whole new list to every queue", async () => {
    const id = await add("EV-(?P<id>[0-9]+)", "https://ev.example/{id}");
    const capable = await registerQueue(server, hamlet, CAPABLE);
    await server.api(
      "PATCH",
      `realm/filters/${id}`,
      { pattern: "EW-(?P<id>[0-9]+)", url_template: "https://ew.example/{id}" },
      iago,
    );
    expect(await queuedEvents(server, hamlet, capable.queueId)).toEqual([
      { id: 0, type: "realm_linkifiers", realm_linkifiers: await linkifiers() },
    ]);
  });
});

describe("PATCH /realm/linkifiers", () => {
  it("reorders; GET, register, the event and the renderer follow the new order", async () => {
    // Two overlapping linkifiers: the one applied first links "OV-12".
    const letters = await add("OV-(?P<id>[0-9]+)", "https://letters.example/{id}");
    const digits = await add("(?P<id>OV-[0-9]+)", "https://digits.example/{id}");
    expect(await rendered("OV-12")).toContain('href="https://letters.example/12"');

    const ids = (await linkifiers()).map((l) => l.id);
    const reordered = [digits, ...ids.filter((id) => id !== digits)];
    const capable = await registerQueue(server, hamlet, CAPABLE);
    const { status } = await server.api(
      "PATCH",
      "realm/linkifiers",
      { ordered_linkifier_ids: reordered },
      iago,
    );
    expect(status).toBe(200);
    expect((await linkifiers()).map((l) => l.id)).toEqual(reordered);
    const [event] = await queuedEvents(server, hamlet, capable.queueId);
    expect((event?.["realm_linkifiers"] as Linkifier[]).map((l) => l.id)).toEqual(reordered);
    const { state } = await registerQueue(server, hamlet, CAPABLE);
    expect((state["realm_linkifiers"] as Linkifier[]).map((l) => l.id)).toEqual(reordered);
    expect(await rendered("OV-13")).toContain('href="https://digits.example/OV-13"');
    expect(letters).toBeGreaterThan(0);

    // A linkifier added later goes after the reordered ones.
    const last = await add("LAST-(?P<id>[0-9]+)", "https://last.example/{id}");
    expect((await linkifiers()).map((l) => l.id)).toEqual([...reordered, last]);
  });

  it("refuses a list that is not every id exactly once, and non-administrators", async () => {
    const ids = (await linkifiers()).map((l) => l.id);
    const reorder =
      (value: unknown, auth = iago) =>
      () =>
        server.api("PATCH", "realm/linkifiers", { ordered_linkifier_ids: value as object }, auth);
    const incomplete = "The ordered list must enumerate all existing linkifiers exactly once";
    await expectRefused(reorder(ids.slice(1)), incomplete);
    await expectRefused(reorder([...ids, 999999]), incomplete);
    await expectRefused(
      reorder([...ids, ids[0]]),
      "The ordered list must not contain duplicated linkifiers",
    );
    await expectRefused(reorder(["a"]), "ordered_linkifier_ids[0] is not an integer");
    await expectRefused(
      () => server.api("PATCH", "realm/linkifiers", {}, iago),
      "Missing 'ordered_linkifier_ids' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    await expectRefused(
      reorder([...ids].reverse(), hamlet),
      "Must be an organization administrator",
      "UNAUTHORIZED_PRINCIPAL",
    );
  });
});
