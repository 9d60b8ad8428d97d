import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeClock } from "../test/fake-clock";
import { startTestServer, type TestServer } from "../test/test-server";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter", () => {
  it("allows `limit` calls in any 60 s window and tells when the next one is allowed", () => {
    const clock = new FakeClock(1_000_000);
    const limiter = new RateLimiter(clock, 3);
    expect(limiter.hit(1)).toMatchObject({ allowed: true, remaining: 2, resetAt: 1060 });
    clock.advance(10_000);
    expect(limiter.hit(1)).toMatchObject({ allowed: true, remaining: 1, resetAt: 1070 });
    clock.advance(500);
    expect(limiter.hit(1)).toMatchObject({ allowed: true, remaining: 0 });
    const refused = limiter.hit(1);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 49.5 });
    // Other users have their own allowance.
    expect(limiter.hit(2)).toMatchObject({ allowed: true, remaining: 2 });
    // The window slides: once the oldest call is 60 s old, one more call is allowed.
    clock.advance(49_499);
    expect(limiter.hit(1).allowed).toBe(false);
    clock.advance(1);
    expect(limiter.hit(1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("does not count refused calls", () => {
    const clock = new FakeClock(0);
    const limiter = new RateLimiter(clock, 1);
    limiter.hit(1);
    for (let i = 0; i < 10; i++) limiter.hit(1);
    clock.advance(60_000);
    expect(limiter.hit(1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe("rate limiting over the API", () => {
  const clock = new FakeClock(Date.UTC(2026, 0, 1));
  let server: TestServer;
  let hamlet: string;
  let othello: string;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: 3 }, clock);
    hamlet = await server.auth("hamlet@parley.test");
    othello = await server.auth("othello@parley.test");
  });
  afterAll(async () => {
    await server.close();
  });

  it("puts X-RateLimit headers on every authenticated response, errors included", async () => {
    const ok = await server.api("GET", "users/me", {}, hamlet);
    expect(ok.status).toBe(200);
    expect(ok.response.headers["x-ratelimit-limit"]).toBe("3");
    expect(ok.response.headers["x-ratelimit-remaining"]).toBe("2");
    expect(ok.response.headers["x-ratelimit-reset"]).toBe(String(clock.now() / 1000 + 60));
    const bad = await server.api("GET", "events", { queue_id: "nope", last_event_id: -1 }, hamlet);
    expect(bad.status).toBe(400);
    expect(bad.response.headers["x-ratelimit-remaining"]).toBe("1");
    // Unauthenticated calls are not counted per user and carry no headers.
    const anonymous = await server.api("GET", "server_settings");
    expect(anonymous.response.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("counts long polls like any request, and answers 429 RATE_LIMIT_HIT with retry-after, writing nothing", async () => {
    clock.advance(60_000); // a fresh window
    const created = await server.api("GET", "events", { dont_block: true }, hamlet);
    expect(created.response.headers["x-ratelimit-remaining"]).toBe("2");
    // A blocking poll, answered by its heartbeat (45–55 s), counts once, when it arrives.
    const parked = server.api(
      "GET",
      "events",
      { queue_id: String(created.body["queue_id"]), last_event_id: -1 },
      hamlet,
    );
    await vi.waitFor(() => {
      expect([...server.ctx.queues.all()].some((queue) => queue.isParked)).toBe(true);
    });
    clock.advance(56_000);
    const heartbeat = await parked;
    expect(heartbeat.body["events"]).toEqual([{ type: "heartbeat", id: 0 }]);
    expect(heartbeat.response.headers["x-ratelimit-remaining"]).toBe("1");
    expect((await server.api("GET", "users/me", {}, hamlet)).status).toBe(200);
    const queues = server.ctx.queues.size;
    const refused = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "t", content: "over the limit" },
      hamlet,
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      result: "error",
      code: "RATE_LIMIT_HIT",
      msg: "API usage exceeded rate limit",
      "retry-after": 4,
    });
    expect(refused.response.headers["retry-after"]).toBe("4");
    expect(refused.response.headers["x-ratelimit-remaining"]).toBe("0");
    expect(refused.response.headers["x-ratelimit-limit"]).toBe("3");
    clock.advance(1500);
    const polled = await server.api("GET", "events", { dont_block: true }, hamlet);
    expect(polled.status).toBe(429);
    expect(polled.body["retry-after"]).toBe(2.5);
    expect(server.ctx.queues.size).toBe(queues);
    // Othello is not affected by Hamlet's calls.
    expect((await server.api("GET", "users/me", {}, othello)).status).toBe(200);
    // Nothing was sent.
    const recent = await server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 1, num_after: 0 },
      othello,
    );
    const [last] = recent.body["messages"] as { content: string }[];
    expect(last?.content).not.toContain("over the limit");
  });

  it("lets the user in again once the window has moved on", async () => {
    clock.advance(2500);
    const again = await server.api("GET", "users/me", {}, hamlet);
    expect(again.status).toBe(200);
  });
});

describe("rate limiting of calls without authentication, per IP address (Zulip's api_by_ip)", () => {
  const clock = new FakeClock(Date.UTC(2026, 0, 1));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitByIpPerMinute: 3 }, clock);
  });
  afterAll(async () => {
    await server.close();
  });

  it("counts every unauthenticated call of one address, and leaves authenticated calls alone", async () => {
    // dev_fetch_api_key is one of them.
    const hamlet = await server.auth("hamlet@parley.test");
    const settings = await server.api("GET", "server_settings");
    expect(settings.status).toBe(200);
    expect(settings.response.headers["x-ratelimit-limit"]).toBe("3");
    expect(settings.response.headers["x-ratelimit-remaining"]).toBe("1");
    expect((await server.api("GET", "server_settings")).status).toBe(200);
    const refused = await server.api("POST", "dev_fetch_api_key", {
      username: "othello@parley.test",
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "RATE_LIMIT_HIT", "retry-after": 60 });
    expect(refused.body["api_key"]).toBeUndefined();
    const me = await server.api("GET", "users/me", {}, hamlet);
    expect(me.status).toBe(200);
    expect(me.response.headers["x-ratelimit-limit"]).toBeUndefined();
    clock.advance(60_000);
    expect((await server.api("GET", "server_settings")).status).toBe(200);
  });
});

describe("rate limiting switched off (the default in development)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("sends no X-RateLimit headers and never answers 429", async () => {
    const hamlet = await server.auth("hamlet@parley.test");
    for (let i = 0; i < 5; i++) {
      const { status, response } = await server.api("GET", "users/me", {}, hamlet);
      expect(status).toBe(200);
      expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
    }
  });
});
