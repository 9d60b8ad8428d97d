import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeFetch, success } from "../test/fake-fetch";
import {
  base64Utf8,
  createApiClient,
  encodeParams,
  parseRetryAfterMs,
  type ApiClient,
} from "./client";
import {
  ApiError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
} from "./errors";

/** An answer of the endpoints with no payload (`emptySuccessResponseSchema`). */
const ok = success({});
/** A valid `GET /server_settings` answer. */
const settings = success({ zulip_version: "9.0", zulip_feature_level: 247 });

/** A call whose answer's shape does not matter to the test. */
function anyCall(client: ApiClient, options: { signal?: AbortSignal } = {}) {
  return client.call("GET", "server_settings", options).catch((e: unknown) => e);
}

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
    fake.json(200, { events: [] });
    await client.call("GET", "events", {
      params: { queue_id: "q:1", last_event_id: -1, dont_block: true },
    });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/events");
    expect(fake.lastRequest.query).toEqual({
      queue_id: "q:1",
      last_event_id: "-1",
      dont_block: "true",
    });

    fake.json(200, ok);
    await client.call("DELETE", "events", { params: { queue_id: "q:1" }, keepalive: true });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.query).toEqual({ queue_id: "q:1" });
    expect(fake.lastRequest.keepalive).toBe(true);
  });

  it("sends POST parameters as a form body", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ id: 1 }));
    await client.call("POST", "messages", {
      params: { type: "stream", to: "general", topic: "lunch", content: "a=b&c" },
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
    fake.json(200, settings);
    await client.call("GET", "server_settings", {});
    expect(fake.lastRequest.url.href).toBe("https://chat.example.com/api/v1/server_settings");
    expect(fake.lastRequest.headers.has("Authorization")).toBe(false);
  });

  it("keeps a path prefix of the base URL", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ baseUrl: "https://example.com/chat//", fetch: fake.fetch });
    fake.json(200, settings);
    await client.call("GET", "server_settings", {});
    expect(fake.lastRequest.url.href).toBe("https://example.com/chat/api/v1/server_settings");
  });

  it("defaults to the page's own origin", async () => {
    const fake = createFakeFetch();
    const client = createApiClient({ fetch: fake.fetch });
    fake.json(200, settings);
    await client.call("GET", "server_settings", {});
    // The fake resolves relative URLs against http://localhost, as a page there would.
    expect(fake.lastRequest.url.href).toBe("http://localhost/api/v1/server_settings");
  });

  it("sends PATCH parameters as a form body too", async () => {
    const { fake, client } = setup();
    fake.json(200, ok);
    await client.call("PATCH", "messages/{message_id}", {
      path: { message_id: 5 },
      params: { content: "x" },
    });
    expect(fake.lastRequest.path).toBe("/api/v1/messages/5");
    expect(fake.lastRequest.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(fake.lastRequest.body).toEqual({ content: "x" });
  });

  it("sends files and parameters as multipart, leaving the Content-Type to fetch", async () => {
    const { fake, client } = setup();
    fake.json(200, ok);
    const image = new Blob(["GIF89a"], { type: "image/gif" });
    await client.call("POST", "realm/emoji/{emoji_name}", {
      path: { emoji_name: "wave" },
      params: { note: "hi", tags: ["a"] },
      files: { file: image },
    });
    const request = fake.lastRequest;
    expect(request.isMultipart).toBe(true);
    expect(request.headers.has("Content-Type")).toBe(false);
    expect(request.body).toEqual({ note: "hi", tags: '["a"]' });
    expect(await request.files["file"]?.text()).toBe("GIF89a");
  });

  it("sends Basic auth, UTF-8 safe", async () => {
    const { fake, client } = setup({ email: "zoë@parley.test", apiKey: "kéy✓" });
    fake.json(200, settings);
    await client.call("GET", "server_settings", {});
    const header = fake.lastRequest.headers.get("Authorization") ?? "";
    // base64 of the UTF-8 bytes of "zoë@parley.test:kéy✓"
    expect(header).toBe("Basic em/Dq0BwYXJsZXkudGVzdDprw6l54pyT");
    expect(base64Utf8("iago@parley.test:abc")).toBe(btoa("iago@parley.test:abc"));
  });

  it("returns the body as the endpoint's schema parses it", async () => {
    const { fake, client } = setup();
    fake.json(200, success({ zulip_version: "9.0", zulip_feature_level: 247, extra: "kept" }));
    const result = await client.call("GET", "server_settings", {});
    expect(result.zulip_feature_level).toBe(247);
    expect(result).toMatchObject({ extra: "kept" });
  });
});

describe("paths from the endpoint table", () => {
  it("sends a filled path, and rejects without a request when a value is refused", async () => {
    const { fake, client } = setup();
    fake.json(200, ok);
    await client.call("DELETE", "realm/emoji/{emoji_name}", { path: { emoji_name: "party/cat" } });
    expect(fake.lastRequest.url.pathname).toBe("/api/v1/realm/emoji/party%2Fcat");

    const error = await client
      .call("DELETE", "realm/emoji/{emoji_name}", { path: { emoji_name: ".." } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(fake.requests).toHaveLength(1);
  });

  it("takes only the table's paths and methods, each with its path parameters", async () => {
    const { fake, client } = setup();
    const refused = [
      // @ts-expect-error: not a path of the table (its template is messages/{message_id})
      client.call("GET", "messages/5", {}),
      // @ts-expect-error: `messages` answers GET and POST only
      client.call("PATCH", "messages", {}),
      // @ts-expect-error: the template's `message_id` is missing
      client.call("GET", "messages/{message_id}", {}),
    ];
    // At run time too (JavaScript callers, casts): rejected before any request.
    for (const call of refused) await expect(call).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(0);
  });

  it("parses the answer with the endpoint's own schema", async () => {
    const { fake, client } = setup();
    // A valid empty success, but `GET /messages/{id}` must carry the message and its source.
    fake.json(200, ok);
    const error = await client
      .call("GET", "messages/{message_id}", { path: { message_id: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
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
      .call("GET", "events", { params: { queue_id: "q" } })
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
    const error = await anyCall(client);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: undefined });
  });

  it("401 is an UnauthorizedError", async () => {
    const { fake, client } = setup();
    fake.json(401, { result: "error", msg: "Invalid API key", code: "UNAUTHORIZED" });
    const error = await anyCall(client);
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
    const first = await anyCall(client);
    const second = await anyCall(client);
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
    const error = await anyCall(client);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it("bad JSON or a schema mismatch on success is a MalformedResponseError", async () => {
    const { fake, client } = setup();
    fake.text(200, "not json");
    fake.json(200, success({ zulip_version: "9.0", zulip_feature_level: "247" }));
    const first = await anyCall(client);
    const second = await anyCall(client);
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
    const promise = client.call("GET", "events", { timeoutMs: 100_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99_999);
    fake.json(200, { events: [] }); // not consumed: proves nothing settled early
    await vi.advanceTimersByTimeAsync(1);
    const error = await promise;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100_000 });
  });

  it("the caller's abort rejects with the caller's reason, not a TimeoutError", async () => {
    const { fake, client } = setup();
    fake.hang();
    const controller = new AbortController();
    const promise = anyCall(client, { signal: controller.signal });
    const reason = new Error("navigated away");
    controller.abort(reason);
    expect(await promise).toBe(reason);
  });

  it("an already-aborted signal rejects without a request", async () => {
    const { fake, client } = setup();
    const controller = new AbortController();
    controller.abort();
    const error = await anyCall(client, { signal: controller.signal });
    expect(error).toBeInstanceOf(DOMException);
    expect(fake.requests).toHaveLength(0);
  });
});
