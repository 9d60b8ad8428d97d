import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { AppContext } from "../context";
import { findPasswordHash } from "../db/passwords";
import { findUserByEmail } from "../db/users";
import { ApiError } from "../http/errors";

/** scrypt cost: 32 MiB and ~50–100 ms per hash. Stored with each hash, so it can be raised later. */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const MAX_MEMORY = 256 * 1024 * 1024;
/** Zulip's `authenticate_by_username` rule: 5 failures per username per 30 minutes. */
const LOGIN_FAILURES_ALLOWED = 5;
const LOGIN_FAILURE_WINDOW_MS = 30 * 60 * 1000;
const MAX_TRACKED_USERNAMES = 10_000;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_BYTES,
      { ...options, maxmem: MAX_MEMORY },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

/** A new hash of `password`: `scrypt$N$r$p$<salt base64>$<key base64>` with a random salt. */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(16),
): Promise<string> {
  const key = await deriveKey(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join(
    "$",
  );
}

/** Whether `password` matches a stored hash; a malformed hash matches nothing. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, n, r, p, salt, key] = parts;
  if (parts.length !== 6 || scheme !== "scrypt" || salt === undefined || key === undefined) {
    return false;
  }
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const isPowerOfTwo = Number.isInteger(cost.N) && cost.N >= 2 && (cost.N & (cost.N - 1)) === 0;
  const isSane =
    isPowerOfTwo &&
    cost.N <= 2 ** 20 &&
    [cost.r, cost.p].every((value) => Number.isInteger(value) && value >= 1 && value <= 16);
  const expected = Buffer.from(key, "base64");
  if (!isSane || expected.length !== KEY_BYTES) return false;
  let actual: Buffer;
  try {
    actual = await deriveKey(password, Buffer.from(salt, "base64"), cost);
  } catch {
    return false; // parameters beyond the memory limit: a hash we cannot have written
  }
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Checked against when there is no user or no password, so every failure costs one hash. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword("not a password");
  return dummyHash;
}

/** Failed logins per lower-cased username, in memory: times in ms, oldest first. */
class FailureLog {
  private readonly failures = new Map<string, number[]>();

  recent(username: string, now: number): number[] {
    const kept = (this.failures.get(username) ?? []).filter(
      (t) => t > now - LOGIN_FAILURE_WINDOW_MS,
    );
    if (kept.length === 0) this.failures.delete(username);
    else this.failures.set(username, kept);
    return kept;
  }

  record(username: string, now: number): void {
    const times = this.recent(username, now);
    this.failures.delete(username);
    this.failures.set(username, [...times, now]);
    if (this.failures.size > MAX_TRACKED_USERNAMES) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
  }
}

const failureLogs = new WeakMap<object, FailureLog>();
function failureLog(ctx: AppContext): FailureLog {
  let log = failureLogs.get(ctx.queues);
  if (!log) {
    log = new FailureLog();
    failureLogs.set(ctx.queues, log);
  }
  return log;
}

function rateLimited(retryAfterMs: number): ApiError {
  const seconds = Math.max(retryAfterMs, 1) / 1000;
  return new ApiError("API usage exceeded rate limit", {
    status: 429,
    code: "RATE_LIMIT_HIT",
    extra: { "retry-after": seconds },
    headers: { "Retry-After": String(seconds) },
  });
}

function wrongCredentials(): ApiError {
  return new ApiError("Your username or password is incorrect", {
    status: 401,
    code: "AUTHENTICATION_FAILED",
  });
}

/**
 * `POST /fetch_api_key`: the API key of the user whose email and password these are. Wrong
 * email or password: 401 `AUTHENTICATION_FAILED` (same cost either way); the right password of a
 * deactivated user: 401 `USER_DEACTIVATED`; after 5 failures for a username in 30 minutes:
 * 429 `RATE_LIMIT_HIT` with `Retry-After`, until the oldest failure ages out.
 */
export async function fetchApiKey(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<{ api_key: string; email: string; user_id: number }> {
  const log = failureLog(ctx);
  const key = username.trim().toLowerCase();
  const now = ctx.clock.now();
  const failures = log.recent(key, now);
  const oldest = failures[0];
  if (failures.length >= LOGIN_FAILURES_ALLOWED && oldest !== undefined) {
    throw rateLimited(oldest + LOGIN_FAILURE_WINDOW_MS - now);
  }
  const user = await findUserByEmail(ctx.db, username.trim());
  const hash = user ? await findPasswordHash(ctx.db, user.id) : null;
  const matches = await verifyPassword(password, hash ?? (await dummy()));
  if (!user || hash === null || !matches) {
    log.record(key, now);
    throw wrongCredentials();
  }
  if (!user.is_active) {
    throw new ApiError("Account is deactivated", { status: 401, code: "USER_DEACTIVATED" });
  }
  return { api_key: user.api_key, email: user.email, user_id: user.id };
}
