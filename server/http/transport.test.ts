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
