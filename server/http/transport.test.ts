import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let iago: string;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  iago = await server.auth("iago@parley.test");
  baseUrl = await server.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await server.close();
});

async function send(
  init: RequestInit & { query?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/api/v1/messages${init.query ?? ""}`, {
    ...init,
    headers: { authorization: iago, ...(init.headers as Record<string, string> | undefined) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }; // our own JSON
}

describe("parameter transport", () => {
  it("reads a multipart body", async () => {
    const form = new FormData();
    form.set("type", "stream");
    form.set("to", "general");
    form.set("topic", "multipart");
    form.set("content", "sent as multipart/form-data");
    const { status, body } = await send({ method: "POST", body: form });
    expect(status).toBe(200);
    expect(typeof body["id"]).toBe("number");
  });

  it("reads parameters from the query string of a POST", async () => {
    const query = `?${new URLSearchParams({ type: "stream", to: "general", topic: "query", content: "from the query string" }).toString()}`;
    const { status } = await send({ method: "POST", query });
    expect(status).toBe(200);
  });

  it("prefers the body over the query string, and the last of repeated names", async () => {
    const { body } = await send({
      method: "POST",
      query: "?topic=from-query",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "type=stream&to=general&topic=first&topic=from-body&content=which+topic",
    });
    const fetched = await server.api(
      "GET",
      "messages",
      { anchor: Number(body["id"]), num_before: 0, num_after: 0 },
      iago,
    );
    expect((fetched.body["messages"] as { subject: string }[])[0]?.subject).toBe("from-body");
  });

  it("does not read JSON bodies, as Zulip does not", async () => {
    const { status, body } = await send({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "stream", to: "general", topic: "json", content: "x" }),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "REQUEST_VARIABLE_MISSING",
      msg: "Missing 'type' argument",
      var_name: "type",
    });
  });

  // zulip-js sends a call without parameters as an empty multipart body; Django's
  // MultiPartParser checks the boundary, then answers no parameters for Content-Length 0.
  it.each([
    ["multipart with a boundary", "multipart/form-data; boundary=----zulip-js"],
    ["urlencoded", "application/x-www-form-urlencoded"],
    ["urlencoded with a charset", "application/x-www-form-urlencoded; charset=UTF-8"],
    ["JSON", "application/json"],
    ["plain text", "text/plain"],
    ["no content type", undefined],
  ])("reads an empty %s body as no parameters", async (_name, contentType) => {
    const response = await fetch(`${baseUrl}/api/v1/mark_all_as_read`, {
      method: "POST",
      headers: { authorization: iago, ...(contentType ? { "content-type": contentType } : {}) },
      body: new Uint8Array(0),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "success", msg: "", complete: true });
  });

  it("reads the query string under an empty multipart body", async () => {
    const query = `?${new URLSearchParams({ type: "stream", to: "general", topic: "q", content: "x" }).toString()}`;
    const { status } = await send({
      method: "POST",
      query,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: new Uint8Array(0),
    });
    expect(status).toBe(200);
  });

  it("refuses a multipart body without a boundary, empty or not, as Django does", async () => {
    const { status, body } = await send({
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: new Uint8Array(0),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ msg: "Malformed multipart body", code: "BAD_REQUEST" });
  });

  it("decodes a urlencoded body in the charset its Content-Type names", async () => {
    const latin1 = await send({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=ISO-8859-1" },
      body: "type=stream&to=general&topic=caf%E9&content=latin-1",
    });
    const utf8 = await send({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" },
      body: "type=stream&to=general&topic=caf%C3%A9&content=utf-8",
    });
    for (const sent of [latin1, utf8]) {
      const fetched = await server.api(
        "GET",
        "messages",
        { anchor: Number(sent.body["id"]), num_before: 0, num_after: 0 },
        iago,
      );
      expect((fetched.body["messages"] as { subject: string }[])[0]?.subject).toBe("café");
    }
  });

  it("keeps the last of repeated names in a multipart body", async () => {
    const form = new FormData();
    for (const [name, value] of [
      ["type", "stream"],
      ["to", "general"],
      ["topic", "first"],
      ["topic", "last"],
      ["content", "repeated"],
    ] as const)
      form.append(name, value);
    const { body } = await send({ method: "POST", body: form });
    const fetched = await server.api(
      "GET",
      "messages",
      { anchor: Number(body["id"]), num_before: 0, num_after: 0 },
      iago,
    );
    expect((fetched.body["messages"] as { subject: string }[])[0]?.subject).toBe("last");
  });

  it.each(["text/plain", "garbage", "application/json; x", ";;;"])(
    "reads no parameters from a body of type %j, and does not refuse it",
    async (contentType) => {
      const { status, body } = await send({
        method: "POST",
        headers: { "content-type": contentType },
        body: "type=stream&to=general&topic=t&content=x",
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "REQUEST_VARIABLE_MISSING", var_name: "type" });
    },
  );

  it("reads PATCH and DELETE bodies, multipart and urlencoded", async () => {
    const sent = await send({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "type=stream&to=general&topic=before&content=to+be+edited",
    });
    const form = new FormData();
    form.set("topic", "after");
    const patched = await fetch(`${baseUrl}/api/v1/messages/${String(sent.body["id"])}`, {
      method: "PATCH",
      headers: { authorization: iago },
      body: form,
    });
    expect(patched.status).toBe(200);
    const fetched = await server.api(
      "GET",
      "messages",
      { anchor: Number(sent.body["id"]), num_before: 0, num_after: 0 },
      iago,
    );
    expect((fetched.body["messages"] as { subject: string }[])[0]?.subject).toBe("after");

    const deleted = await fetch(`${baseUrl}/api/v1/users/me/subscriptions`, {
      method: "DELETE",
      headers: { authorization: iago, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscriptions: JSON.stringify(["no such stream"]) }),
    });
    // Read from the body: without it the error would be "Missing 'subscriptions' argument".
    expect(await deleted.json()).toMatchObject({ code: "STREAM_DOES_NOT_EXIST" });
  });

  it("answers a wrong method with 405 and the allowed methods, without a code", async () => {
    const response = await fetch(`${baseUrl}/api/v1/messages`, {
      method: "PUT",
      headers: { authorization: iago },
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({
      result: "error",
      msg: "Method Not Allowed",
      allowed_methods: ["GET", "POST"],
    });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await fetch(`${baseUrl}/api/v1/no/such/endpoint`, {
      headers: { authorization: iago },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ result: "error", msg: "Not Found" });
  });

  it("serves generated avatars", async () => {
    const response = await fetch(`${baseUrl}/avatar/2`);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(await response.text()).toContain(">I</text>");
  });
});
