import type { Clock } from "../clock";
import { ApiError } from "./errors";

/** What one request used of its user's allowance, as Zulip reports it in headers. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Unix time (seconds) at which the window is empty again. */
  resetAt: number;
  /** Seconds until the next call would be allowed (only when refused). */
  retryAfterSeconds: number;
}

/**
 * Zulip's `api_by_user` and `api_by_ip` rules: at most `limit` calls per key (a user id, or the
 * IP address of calls without authentication) in any `windowMs` (a sliding window, not fixed
 * minutes). Refused calls do not count. Every request counts the same, long polls of
 * `GET /events` included, as in Zulip.
 */
export class RateLimiter {
  /** Times (ms) of each key's calls in the current window, oldest first. */
  private readonly calls = new Map<number | string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one call of `key` (a user id or an IP address) if the allowance has room for it. */
  hit(key: number | string): RateLimitDecision {
    const now = this.clock.now();
    this.sweep(now);
    const times = (this.calls.get(key) ?? []).filter((at) => at > now - this.windowMs);
    const allowed = times.length < this.limit;
    if (allowed) times.push(now);
    this.calls.set(key, times);
    const oldest = times[0] ?? now;
    const newest = times[times.length - 1] ?? now;
    return {
      allowed,
      limit: this.limit,
      remaining: this.limit - times.length,
      resetAt: Math.ceil((newest + this.windowMs) / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(0, oldest + this.windowMs - now) / 1000,
    };
  }

  /** Forgets keys with no call in the window, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.calls) {
      const newest = times[times.length - 1];
      if (newest === undefined || newest <= now - this.windowMs) this.calls.delete(key);
    }
  }
}

/** The `X-RateLimit-*` headers Zulip puts on every rate-limited response, errors included. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetAt),
  };
}

/**
 * Zulip's 429: `{"result":"error","code":"RATE_LIMIT_HIT","msg":"API usage exceeded rate
 * limit","retry-after":<float s>}` with the same float in a `Retry-After` header.
 */
export function rateLimitHit(decision: RateLimitDecision): ApiError {
  const retryAfter = Math.round(decision.retryAfterSeconds * 1000) / 1000;
  return new ApiError("API usage exceeded rate limit", {
    status: 429,
    code: "RATE_LIMIT_HIT",
    extra: { "retry-after": retryAfter },
    headers: { ...rateLimitHeaders(decision), "Retry-After": String(retryAfter) },
  });
}
