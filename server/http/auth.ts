import { createHash, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database";
import { findUserByEmail, type UserRow } from "../db/users";
import { ApiError, unauthorized } from "./errors";

const API_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;
// Compared against when the email is unknown, so a wrong email costs what a wrong key costs.
const DUMMY_KEY = Buffer.from("0".repeat(32));

/** How long a verified `(email, API key)` pair is trusted without asking the database. */
export const CREDENTIAL_CACHE_TTL_MS = 5_000;
const MAX_CACHED_CREDENTIALS = 10_000;

/**
 * Verified credentials → their user, for a few seconds, so that a request does not start with a
 * query. Only successes are kept, under a digest of the exact email and key given (the database
 * decides which spellings match). Actions that change a key, deactivate a user or change what
 * the row says (role, name) call `forgetCredentials`; anything else is bounded by the TTL.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { user: UserRow; verifiedAt: number }>();
  private version = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  get generation(): number {
    return this.version;
  }

  lookup(key: string): UserRow | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.verifiedAt < CREDENTIAL_CACHE_TTL_MS) return entry.user;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps a verification, unless the cache was cleared while it ran (it may be stale). */
  remember(key: string, user: UserRow, generation: number): void {
    if (generation !== this.version) return;
    if (this.entries.size >= MAX_CACHED_CREDENTIALS) this.entries.clear();
    this.entries.set(key, { user, verifiedAt: this.now() });
  }

  /** Forgets the credentials of `userId`, or of everyone. */
  forget(userId?: number): void {
    this.version++;
    if (userId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(key);
    }
  }
}

const caches = new WeakMap<object, CredentialCache>();

function credentialCacheOf(db: object): CredentialCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CredentialCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Drops the cached credentials of `userId` (or of everyone) on `db`. Call it after regenerating
 * a user's API key, deactivating them, or changing their role, name or email.
 */
export function forgetCredentials(db: object, userId?: number): void {
  caches.get(db)?.forget(userId);
}

/**
 * Authenticates `Authorization: Basic base64(email:api_key)` as Zulip's `/api/v1` does: every
 * failure of the credentials themselves is 401 `UNAUTHORIZED`. A pair verified in the last
 * `CREDENTIAL_CACHE_TTL_MS` is answered from `cache` (by default the one of `db`).
 */
export async function authenticateBasic(
  db: Queryable,
  header: string | undefined,
  cache: CredentialCache = credentialCacheOf(db),
): Promise<UserRow> {
  if (header === undefined || header.trim() === "") {
    throw unauthorized("Not logged in: API authentication or user session required");
  }
  const [scheme, encoded] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== "basic") {
    throw new ApiError("This endpoint requires HTTP basic authentication.");
  }
  const decoded = Buffer.from(encoded ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (encoded === undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || colon === -1) {
    throw unauthorized("Invalid authorization header for basic auth");
  }
  const email = decoded.slice(0, colon).trim();
  const apiKey = decoded.slice(colon + 1).trim();
  if (!API_KEY_PATTERN.test(apiKey)) throw unauthorized("Malformed API key");
  // A digest, so that a lookup's timing says nothing about the key (the Map compares strings).
  const cacheKey = createHash("sha256").update(`${email}\n${apiKey}`).digest("base64");
  const cached = cache.lookup(cacheKey);
  if (cached) return cached;
  const generation = cache.generation;
  const user = await findUserByEmail(db, email);
  const expected = user ? Buffer.from(user.api_key) : DUMMY_KEY;
  const given = Buffer.from(apiKey);
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!user || !matches) throw unauthorized("Invalid API key");
  if (!user.is_active) throw unauthorized("Account is deactivated");
  cache.remember(cacheKey, user, generation);
  return user;
}

/** The client name of a request: an explicit `client` parameter, else the User-Agent's product. */
export function clientName(explicit: string | undefined, userAgent: string | undefined): string {
  if (explicit !== undefined && explicit.trim() !== "") return explicit.trim().slice(0, 30);
  const product = userAgent?.split("/")[0]?.trim();
  return product === undefined || product === "" ? "Unspecified" : product.slice(0, 30);
}
