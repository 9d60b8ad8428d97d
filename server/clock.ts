/** Time as the server sees it; injected so tests can drive queues and heartbeats. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): Timer;
  clearTimeout(timer: Timer): void;
}

export interface Timer {
  unref?(): unknown;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => {
    clearTimeout(timer as ReturnType<typeof setTimeout>); // only timers from setTimeout above reach here
  },
};

export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
