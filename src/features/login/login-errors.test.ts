import { describe, expect, it } from "vitest";
import {
  ApiError,
  MalformedResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
} from "../../api/errors";
import { loginErrorMessage } from "./login-errors";

describe("loginErrorMessage", () => {
  it("shows the server's own words", () => {
    const refused = new UnauthorizedError(
      401,
      "AUTHENTICATION_FAILED",
      "Your username or password is incorrect",
    );
    expect(loginErrorMessage(refused)).toBe("Your username or password is incorrect");
    expect(loginErrorMessage(new ApiError(400, undefined, "Invalid API key"))).toBe(
      "Invalid API key",
    );
  });

  it("says how long to wait after too many attempts", () => {
    const limited = new RateLimitedError(
      "RATE_LIMIT_HIT",
      "API usage exceeded rate limit",
      {},
      1500,
    );
    expect(loginErrorMessage(limited)).toBe(
      "API usage exceeded rate limit. Please try again in 2 s.",
    );
    const unsaid = new RateLimitedError("RATE_LIMIT_HIT", "Slow down", {}, undefined);
    expect(loginErrorMessage(unsaid)).toBe("Slow down. Please wait before trying again.");
  });

  it("puts transport failures in plain words", () => {
    expect(loginErrorMessage(new NetworkError("Failed to fetch"))).toMatch(/Could not reach/);
    expect(loginErrorMessage(new TimeoutError(30_000))).toMatch(/did not answer in time/);
    expect(loginErrorMessage(new MalformedResponseError(200, "not JSON"))).toMatch(
      /not understood/,
    );
    expect(loginErrorMessage(new Error("odd"))).toBe("odd");
  });
});
