import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../actions/password";
import { setPasswordHash } from "../db/passwords";
import { DEMO_PASSWORD } from "../demo/demo-org";
import { FakeClock } from "../test/fake-clock";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
const clock = new FakeClock();

beforeAll(async () => {
  server = await startTestServer({}, clock);
});
afterAll(async () => {
  await server.close();
});

const login = (username: string, password: string) =>
  server.api("POST", "fetch_api_key", { username, password });

describe("password hashes", () => {
  it("are salted scrypt and verify only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hashPassword("correct horse")).not.toBe(hash);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horse!", hash)).toBe(false);
  });

  it("treat malformed stored hashes as matching nothing", async () => {
    for (const stored of [
      "",
      "plain",
      "scrypt$1$8$1$c2FsdA==$a2V5",
      "md5$x",
      "scrypt$99999999$8$1$a$b",
      "scrypt$3$8$1$c2FsdA==$" + "A".repeat(43) + "=",
      "scrypt$1048576$16$1$c2FsdA==$" + "A".repeat(43) + "=",
    ]) {
      expect(await verifyPassword("", stored), stored).toBe(false);
    }
  });
});

describe("POST /fetch_api_key", () => {
  it("hands out the API key for the demo password, with any case of the email", async () => {
    const { status, body } = await login("Hamlet@Parley.test", DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(body).toEqual({
      result: "success",
      msg: "",
      api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) as string,
      email: "hamlet@parley.test",
      user_id: expect.any(Number) as number,
    });
    const me = await server.api(
      "GET",
      "users/me",
      {},
      `Basic ${Buffer.from(`hamlet@parley.test:${String(body["api_key"])}`).toString("base64")}`,
    );
    expect(me.status).toBe(200);
  });

  it.each([
    ["a wrong password", "othello@parley.test", "wrong"],
    ["an unknown user", "nobody@parley.test", DEMO_PASSWORD],
    ["a bot (no password)", "welcome-bot@parley.test", ""],
  ])("answers 401 AUTHENTICATION_FAILED for %s", async (_case, username, password) => {
    const { status, body } = await login(username, password);
    expect(status).toBe(401);
    expect(body).toEqual({
      result: "error",
      code: "AUTHENTICATION_FAILED",
      msg: "Your username or password is incorrect",
    });
  });

  it("refuses missing parameters", async () => {
    const { status, body } = await server.api("POST", "fetch_api_key", { username: "x@y" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "REQUEST_VARIABLE_MISSING", var_name: "password" });
  });

  it("answers USER_DEACTIVATED only to the right password", async () => {
    const user = (
      await server.ctx.db.query<{ id: number }>(
        "INSERT INTO users (email, full_name, api_key, date_joined, is_active) VALUES ('gone@parley.test', 'Gone', $1, 0, false) RETURNING id",
        ["G".repeat(32)],
      )
    )[0];
    await setPasswordHash(server.ctx.db, user?.id ?? 0, await hashPassword("secret"));
    const right = await login("gone@parley.test", "secret");
    expect(right.status).toBe(401);
    expect(right.body).toMatchObject({ code: "USER_DEACTIVATED", msg: "Account is deactivated" });
    const wrong = await login("gone@parley.test", "guess");
    expect(wrong.body).toMatchObject({ code: "AUTHENTICATION_FAILED" });
  });

  it("rate-limits a username after 5 failures in 30 minutes", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login("cordelia@parley.test", `guess ${i}`)).status).toBe(401);
    }
    clock.advance(60_000);
    const limited = await login("CORDELIA@parley.test", DEMO_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      result: "error",
      code: "RATE_LIMIT_HIT",
      msg: "API usage exceeded rate limit",
      "retry-after": 29 * 60,
    });
    expect(limited.response.headers["retry-after"]).toBe(String(29 * 60));
    // Other usernames are unaffected.
    expect((await login("othello@parley.test", DEMO_PASSWORD)).status).toBe(200);
    clock.advance(29 * 60 * 1000);
    expect((await login("cordelia@parley.test", DEMO_PASSWORD)).status).toBe(200);
  });
});
