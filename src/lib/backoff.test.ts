import { describe, expect, it } from "vitest";
import { createBackoff } from "./backoff";

describe("createBackoff", () => {
  it("doubles the bound up to the cap of 10 s (zulip-flutter's) and resets", () => {
    const backoff = createBackoff({ random: () => 0.999999 });
    const waits = Array.from({ length: 7 }, () => Math.round(backoff.next()));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    backoff.reset();
    expect(Math.round(backoff.next())).toBe(1000);
  });

  it("draws each wait uniformly from [0, bound]", () => {
    const backoff = createBackoff({ random: () => 0.25 });
    expect(backoff.next()).toBe(250);
    expect(backoff.next()).toBe(500);
    expect(backoff.failures).toBe(2);
  });
});
