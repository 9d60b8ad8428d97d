import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createFakeFetch, success } from "../test/fake-fetch";
import { base64Utf8, createApiClient, encodeParams, parseRetryAfterMs } from "./client";
import {
  ApiError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
} from "./errors";
import { successSchema } from "../../common/wire/common";

const okSchema = successSchema({ value: z.number() });

function setup(auth = { email: "iago@parley.test", apiKey: "abc123" }) {
  const fake = createFakeFetch();
  const client = createApiClient({ auth, fetch: fake.fetch });
  return { fake, client };
}

describe("encodeParams", () => {
  it("sends strings raw and JSON-encodes everything else, omitting undefined", () => {
    const encoded = encodeParams({
      content: 'hello "world" & 1+1',
      anchor: "newest",
      num_before: 100,
      last_event_id: -1,
      dont_block: true,
      apply_markdown: false,
      narrow: [{ operator: "stream", operand: "general" }],
      client_capabilities: { notification_settings_null: true },
      messages: [1, 2],
      nothing: null,
      skipped: undefined,
    });
    expect(Object.fromEntries(encoded)).toEqual({
      content: 'hello "world" & 1+1',
      anchor: "newest",
      num_before: "100",
      last_event_id: "-1",
      dont_block: "true",
      apply_markdown: "false",
      narrow: '[{"operator":"stream","operand":"general"}]',
      client_capabilities: '{"notification_settings_null":true}',
      messages: "[1,2]",
      nothing: "null",
    });
    expect(encoded.has("skipped")).toBe(false);
  });
});

describe("request", () => {
  it("puts GET and DELETE parameters in the query string", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ value: 1 }));
    await client.request("GET", "events", {
      params: { queue_id: "q:1", last_event_id: -1, dont_block: true },
      schema: okSchema,
    });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/events");
    expect(fake.lastRequest.query).toEqual({
      queue_id: "q:1",
      last_event_id: "-1",
      dont_block: "true",
    });

    fake.json(200, success({ value: 1 }));
    await client.request("DELETE", "events", {
      params: { queue_id: "q:1" },
      schema: okSchema,
      keepalive: true,
    });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.query).toEqual({ queue_id: "q:1" });
    expect(fake.lastRequest.keepalive).toBe(true);
  });

  it("sends POST parameters as a form body", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ value: 1 }));
    await client.request("POST", "/messages", {
      params: { type: "stream", to: "general", topic: "lunch", content: "a=b&c" },
      schema: okSchema,
    });
    const request = fake.lastRequest;
    expect(request.path).toBe("/api/v1/messages");
    expect(request.url.search).toBe("");
    expect(request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(request.body).toEqual({
      type: "stream",
      to: "general",
      topic: "lunch",
      content: "a=b&c",
    });
  });

  it("prefixes the base URL", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ baseUrl: "https://chat.example.com/", fetch: fake.fetch });
    fake.json(200, success({ value: 1 }));
    await client.request("GET", "server_settings", { schema: okSchema });
    expect(fake.lastRequest.url.href).toBe("https://chat.example.com/api/v1/server_settings");
    expect(fake.lastRequest.headers.has("Authorization")).toBe(false);
  });

  it("keeps a path prefix of the base URL", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ baseUrl: "https://example.com/chat//", fetch: fake.fetch });
    fake.json(200, success({ value: 1 }));
    await client.request("GET", "/users/me", { schema: okSchema });
    expect(fake.lastRequest.url.href).toBe("https://example.com/chat/api/v1/users/me");
  });

  it("defaults to the page's own origin", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ fetch: fake.fetch });
    fake.json(200, success({ value: 1 }));
    await client.request("GET", "users/me", { schema: okSchema });
    // The fake resolves relative URLs against http://localhost, as a page there would.
    expect(fake.lastRequest.url.href).toBe("http://localhost/api/v1/users/me");
  });

  it("sends PATCH parameters as a form body too", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ value: 1 }));
    await client.request("PATCH", "messages/5", { params: { content: "x" }, schema: okSchema });
    expect(fake.lastRequest.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(fake.lastRequest.body).toEqual({ content: "x" });
  });

  it("sends files and parameters as multipart, leaving the Content-Type to fetch", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ value: 1 }));
    const image = new Blob(["GIF89a"], { type: "image/gif" });
    await client.request("POST", "realm/emoji/wave", {
      params: { note: "hi", tags: ["a"] },
      files: { file: image },
      schema: okSchema,
    });
    const request = fake.lastRequest;
    expect(request.isMultipart).toBe(true);
    expect(request.headers.has("Content-Type")).toBe(false);
    expect(request.body).toEqual({ note: "hi", tags: '["a"]' });
    expect(await request.files["file"]?.text()).toBe("GIF89a");
  });

  it("sends Basic auth, UTF-8 safe", async () => {
    const { fake, client } = setup({ email: "zoë@parley.test", apiKey: "kéy✓" });
    fake.json(200, success({ value: 1 }));
    await client.request("GET", "users/me", { schema: okSchema });
    const header = fake.lastRequest.headers.get("Authorization") ?? "";
    // base64 of the UTF-8 bytes of "zoë@parley.test:kéy✓"
    expect(header).toBe("Basic em/Dq0BwYXJsZXkudGVzdDprw6l54pyT");
    expect(base64Utf8("iago@parley.test:abc")).toBe(btoa("iago@parley.test:abc"));
  });

  it("returns the parsed body", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ value: 42, extra: "kept" }));
    const result = await client.request("GET", "x", { schema: okSchema });
    expect(result.value).toBe(42);
  });
});

describe("error classification", () => {
  it("ApiError carries status, code, msg and the extra fields", async () => {
    const { fake, client } = setup();
    fake.json(400, {
      result: "error",
      msg: "Bad event queue ID: q",
      code: "BAD_EVENT_QUEUE_ID",
      queue_id: "q",
    });
    const error = await client
      .request("GET", "events", { schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "BAD_EVENT_QUEUE_ID",
      msg: "Bad event queue ID: q",
      extra: { queue_id: "q" },
    });
  });

  it("an error status with a non-JSON body is still an ApiError", async () => {
    const { fake, client } = setup();
    fake.text(502, "<html>Bad gateway</html>");
    const error = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: undefined });
  });

  it("401 is an UnauthorizedError", async () => {
    const { fake, client } = setup();
    fake.json(401, { result: "error", msg: "Invalid API key", code: "UNAUTHORIZED" });
    const error = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("429 is a RateLimitedError with Retry-After from the header, else the body", async () => {
    const { fake, client } = setup();
    const body = {
      result: "error",
      msg: "API usage exceeded rate limit",
      code: "RATE_LIMIT_HIT",
      "retry-after": 2.5,
    };
    fake.json(429, body, { "Retry-After": "0.5" });
    fake.json(429, body);
    const first = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    const second = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RateLimitedError);
    expect(first).toMatchObject({ status: 429, code: "RATE_LIMIT_HIT", retryAfterMs: 500 });
    expect(second).toMatchObject({ retryAfterMs: 2500 });
  });

  it("parses Retry-After values", () => {
    expect(parseRetryAfterMs("3")).toBe(3000);
    expect(parseRetryAfterMs("0.25")).toBe(250);
    expect(parseRetryAfterMs(1.5)).toBe(1500);
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs("")).toBeUndefined();
    expect(parseRetryAfterMs("soon")).toBeUndefined();
    expect(parseRetryAfterMs(-1)).toBeUndefined();
  });

  it("a rejected fetch is a NetworkError", async () => {
    const { fake, client } = setup();
    fake.networkFailure();
    const error = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it("bad JSON or a schema mismatch on success is a MalformedResponseError", async () => {
    const { fake, client } = setup();
    fake.text(200, "not json");
    fake.json(200, success({ value: "not a number" }));
    const first = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    const second = await client.request("GET", "x", { schema: okSchema }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(MalformedResponseError);
    expect(second).toBeInstanceOf(MalformedResponseError);
  });
});

describe("timeouts and aborts", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the request's own timeout is a TimeoutError", async () => {
    vi.useFakeTimers();
    const { fake, client } = setup();
    fake.hang();
    const promise = client
      .request("GET", "events", { schema: okSchema, timeoutMs: 100_000 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99_999);
    fake.json(200, success({ value: 1 })); // not consumed: proves nothing settled early
    await vi.advanceTimersByTimeAsync(1);
    const error = await promise;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100_000 });
  });

  it("the caller's abort rejects with the caller's reason, not a TimeoutError", async () => {
    const { fake, client } = setup();
    fake.hang();
    const controller = new AbortController();
    const promise = client
      .request("GET", "x", { schema: okSchema, signal: controller.signal })
      .catch((e: unknown) => e);
    const reason = new Error("navigated away");
    controller.abort(reason);
    expect(await promise).toBe(reason);
  });

  it("an already-aborted signal rejects without a request", async () => {
    const { fake, client } = setup();
    const controller = new AbortController();
    controller.abort();
    const error = await client
      .request("GET", "x", { schema: okSchema, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(fake.requests).toHaveLength(0);
  });
});
