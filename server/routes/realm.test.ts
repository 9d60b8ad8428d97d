import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { verifyAction, type State, type TestEvent } from "../test/verify-action";

let server: TestServer;
let iago: string;
let hamlet: string;
let prospero: string;
let polonius: string;
const CAPABLE = { client_capabilities: { linkifier_url_template: true } };

beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
  prospero = await server.auth("prospero@parley.test");
  polonius = await server.auth("polonius@parley.test");
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

async function add(params: Record<string, string>, auth = iago) {
  return server.api("POST", "realm/filters", params, auth);
}

/** Asserts a refused request: 400, the message, and no change to the linkifiers. */
async function expectRefused(params: Record<string, string>, msg: string, code = "BAD_REQUEST") {
  const before = await linkifiers();
  const { status, body } = await add(params);
  expect(status).toBe(400);
  expect(body).toMatchObject({ result: "error", msg, code });
  expect(await linkifiers()).toEqual(before);
}

describe("GET /realm/linkifiers and the [OLD] GET /realm/filters", () => {
  it("lists the demo linkifiers in order, to any member", async () => {
    const list = await linkifiers();
    expect(list.map((l) => l.pattern).slice(0, 3)).toEqual([
      "zulip#(?P<id>[0-9]+)",
      "RFC ?(?P<number>[0-9]+)",
      "CVE-(?P<year>[0-9]{4})-(?P<sequence>[0-9]{4,7})",
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number) as number,
      pattern: "zulip#(?P<id>[0-9]+)",
      url_template: "https://github.com/zulip/zulip/issues/{id}",
    });
    const guest = await server.api("GET", "realm/linkifiers", {}, polonius);
    expect(guest.status).toBe(200);
  });

  it("serves the old tuple shape with %(name)s strings", async () => {
    const { status, body } = await server.api("GET", "realm/filters", {}, hamlet);
    expect(status).toBe(200);
    const filters = body["filters"] as [string, string, number][];
    expect(filters[0]).toEqual([
      "zulip#(?P<id>[0-9]+)",
      "https://github.com/zulip/zulip/issues/%(id)s",
      (await linkifiers())[0]?.id,
    ]);
  });
});

describe("POST /realm/filters", () => {
  it("adds a linkifier from a URL template, stripped, at the end", async () => {
    const { status, body } = await add({
      pattern: "  PAR-(?P<id>[0-9]+) ",
      url_template: " https://tracker.example/issue/{id} ",
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: "success", msg: "", id: expect.any(Number) as number });
    expect((await linkifiers()).at(-1)).toEqual({
      id: body["id"],
      pattern: "PAR-(?P<id>[0-9]+)",
      url_template: "https://tracker.example/issue/{id}",
    });
  });

  it("adds a linkifier from the spec's url_format_string", async () => {
    const { status, body } = await add({
      pattern: "OLD-(?P<ticket>[0-9]+)",
      url_format_string: "https://old.example/%(ticket)s",
    });
    expect(status).toBe(200);
    expect((await linkifiers()).at(-1)).toMatchObject({
      id: body["id"],
      url_template: "https://old.example/{ticket}",
    });
    await expectRefused(
      { pattern: "OLD2-(?P<t>[0-9]+)", url_format_string: "https://old.example/%(t)d" },
      "Invalid format string in URL.",
    );
  });

  it("accepts group names that are Object.prototype keys", async () => {
    const { status } = await add({
      pattern: "(?P<name>[a-z]+)/(?P<__proto__>[a-z]+)/(?P<constructor>[0-9]+)",
      url_template: "https://example.com/{name}/{__proto__}/{constructor}",
    });
    expect(status).toBe(200);
    expect((await linkifiers()).at(-1)?.url_template).toBe(
      "https://example.com/{name}/{__proto__}/{constructor}",
    );
  });

  it("is for administrators only", async () => {
    const params = { pattern: "X-(?P<id>[0-9]+)", url_template: "https://x.example/{id}" };
    for (const auth of [hamlet, prospero, polonius]) {
      const before = await linkifiers();
      const { status, body } = await add(params, auth);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: "UNAUTHORIZED_PRINCIPAL",
        msg: "Must be an organization administrator",
      });
      expect(await linkifiers()).toEqual(before);
    }
  });

  it.each([
    ["(a)\\1", "invalid escape sequence: `\\1`"],
    ["(?=x)", "invalid or unsupported Perl syntax: `(?=`"],
    ["(?<=x)y", "invalid named capture: `(?<=x)y`"],
    ["(?x) a", "invalid or unsupported Perl syntax: `(?x`"],
    ["a{1001}", "invalid repeat count: `{1001}`"],
    ["(a{100}){100}", "invalid repeat count: `{100}`"],
    ["[", "missing closing ]: `[`"],
    ["(?i)\\w{1000}!", "repetition counts too large (at most 100 in total)"],
  ])("refuses the hostile pattern %s", async (pattern, reason) => {
    await expectRefused(
      { pattern, url_template: "https://example.com/" },
      `Bad regular expression: ${reason}`,
    );
  });

  it.each([
    ["javascript:alert({id})", "URL scheme not allowed"],
    ["data:{id}", "URL scheme not allowed"],
    ["{+id}", "URL scheme not allowed"],
    ["{#id}", "URL scheme not allowed"],
    ["https://x.example/{id", "Invalid URL template."],
    ["https://x.example/{num}", "Group 'num' in URL template is not present in linkifier pattern."],
    ["https://x.example/", "Group 'id' in linkifier pattern is not present in URL template."],
  ])("refuses the template %s", async (template, msg) => {
    await expectRefused({ pattern: "T-(?P<id>[0-9]+)", url_template: template }, msg);
  });

  it("reports Django's field errors beside the message", async () => {
    const { body } = await add({ pattern: "", url_template: "https://x.example/" });
    expect(body).toMatchObject({
      msg: "This field cannot be blank.",
      errors: { pattern: ["This field cannot be blank."] },
    });
  });

  it("refuses a duplicate pattern", async () => {
    await expectRefused(
      {
        pattern: "zulip#(?P<id>[0-9]+)",
        url_template: "https://elsewhere.example/{id}",
      },
      "Linkifier with this Pattern and Realm already exists.",
    );
  });

  it("refuses missing and malformed parameters", async () => {
    await expectRefused(
      { url_template: "https://x.example/" },
      "Missing 'pattern' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    await expectRefused(
      { pattern: "abc" },
      "Missing 'url_template' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    await expectRefused(
      { pattern: "   ", url_template: "https://x.example/" },
      "This field cannot be blank.",
    );
    await expectRefused({ pattern: "abc", url_template: "" }, "This field cannot be blank.");
  });
});

describe("DELETE /realm/filters/{filter_id}", () => {
  it("deletes a linkifier", async () => {
    const { body } = await add({
      pattern: "DEL-(?P<id>[0-9]+)",
      url_template: "https://d.example/{id}",
    });
    const id = Number(body["id"]);
    const deleted = await server.api("DELETE", `realm/filters/${id}`, {}, iago);
    expect(deleted.body).toEqual({ result: "success", msg: "" });
    expect((await linkifiers()).some((l) => l.id === id)).toBe(false);
    const again = await server.api("DELETE", `realm/filters/${id}`, {}, iago);
    expect(again.status).toBe(400);
    expect(again.body["msg"]).toBe("Linkifier not found.");
  });

  it("refuses members, unknown ids and malformed ids without deleting anything", async () => {
    const before = await linkifiers();
    const target = before[0]?.id ?? 0;
    const member = await server.api("DELETE", `realm/filters/${target}`, {}, hamlet);
    expect(member.body).toMatchObject({ code: "UNAUTHORIZED_PRINCIPAL" });
    const huge = await server.api("DELETE", "realm/filters/99999999999999", {}, iago);
    expect(huge.body).toMatchObject({ msg: "Linkifier not found." });
    const text = await server.api("DELETE", "realm/filters/abc", {}, iago);
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: "REQUEST_VARIABLE_INVALID", var_name: "filter_id" });
    expect(await linkifiers()).toEqual(before);
  });
});

describe("linkifier events", () => {
  it("sends realm_linkifiers to capable queues and realm_filters to the others", async () => {
    const capable = await registerQueue(server, hamlet, CAPABLE);
    const old = await registerQueue(server, hamlet);
    const messagesOnly = await registerQueue(server, hamlet, { event_types: ["message"] });
    const { body } = await add({
      pattern: "EV-(?P<id>[0-9]+)",
      url_template: "https://e.example/{id}",
    });
    const list = await linkifiers();

    const [current] = await queuedEvents(server, hamlet, capable.queueId);
    expect(current).toEqual({ id: 0, type: "realm_linkifiers", realm_linkifiers: list });
    const [tuples] = await queuedEvents(server, hamlet, old.queueId);
    expect(tuples).toMatchObject({ type: "realm_filters" });
    expect((tuples?.["realm_filters"] as unknown[]).at(-1)).toEqual([
      "EV-(?P<id>[0-9]+)",
      "https://e.example/%(id)s",
      body["id"],
    ]);
    expect(await queuedEvents(server, hamlet, messagesOnly.queueId)).toEqual([]);
  });

  it("registers old clients with realm_filters and an empty realm_linkifiers", async () => {
    const { state } = await registerQueue(server, hamlet);
    expect(state["realm_linkifiers"]).toEqual([]);
    expect((state["realm_filters"] as unknown[]).length).toBe((await linkifiers()).length);
  });

  const applyFilters = (state: State, event: TestEvent) => {
    if (event.type === "realm_filters") state["realm_filters"] = event["realm_filters"];
  };

  it("verify_action: adding and deleting with realm_filters", async () => {
    let id = 0;
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["realm_filters", "realm_linkifiers"],
      numEvents: 1,
      action: async () => {
        const { body } = await add({
          pattern: "VA-(?P<id>[0-9]+)",
          url_template: "https://v.example/{id}",
        });
        id = Number(body["id"]);
      },
      apply: applyFilters,
    });
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["realm_filters"],
      numEvents: 1,
      action: async () => {
        await server.api("DELETE", `realm/filters/${id}`, {}, iago);
      },
      apply: applyFilters,
    });
  });

  it("verify_action: adding and deleting with realm_linkifiers", async () => {
    const { state } = await registerQueue(server, hamlet, CAPABLE);
    expect(state["realm_linkifiers"]).not.toEqual([]);
    const apply = (s: State, event: TestEvent) => {
      if (event.type === "realm_linkifiers") s["realm_linkifiers"] = event["realm_linkifiers"];
    };
    let id = 0;
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["realm_linkifiers", "realm_filters"],
      register: CAPABLE,
      numEvents: 1,
      action: async () => {
        const { body } = await add({
          pattern: "VB-(?P<id>[0-9]+)",
          url_template: "https://v.example/{id}",
        });
        id = Number(body["id"]);
      },
      apply,
    });
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["realm_linkifiers"],
      register: CAPABLE,
      numEvents: 1,
      action: async () => {
        await server.api("DELETE", `realm/filters/${id}`, {}, iago);
      },
      apply,
    });
  });
});
