import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realSetTimer } from "../lib/timer";
import { startWakeDetector } from "./wake-detector";

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startWakeDetector", () => {
  it("fires once per jump of more than 20 s between 5-second checks", () => {
    const onWake = vi.fn();
    const stop = startWakeDetector({ now: Date.now, setTimer: realSetTimer, onWake });
    vi.advanceTimersByTime(60_000);
    expect(onWake).not.toHaveBeenCalled();

    vi.setSystemTime(Date.now() + 16_000); // 21 s between two checks
    vi.advanceTimersByTime(5000);
    expect(onWake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onWake).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 14_000); // 19 s: a slow tick, not a sleep
    vi.advanceTimersByTime(5000);
    expect(onWake).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops checking when stopped", () => {
    const onWake = vi.fn();
    const stop = startWakeDetector({ now: Date.now, setTimer: realSetTimer, onWake });
    stop();
    vi.setSystemTime(Date.now() + 60_000);
    vi.advanceTimersByTime(60_000);
    expect(onWake).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
