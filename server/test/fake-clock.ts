import type { Clock, Timer } from "../clock";

interface Scheduled extends Timer {
  at: number;
  callback: () => void;
  cancelled: boolean;
}

/** A clock that moves only when the test says so; due timers fire in order as it advances. */
export class FakeClock implements Clock {
  private time: number;
  private timers: Scheduled[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): Timer {
    const timer: Scheduled = { at: this.time + ms, callback, cancelled: false };
    this.timers.push(timer);
    return timer;
  }

  clearTimeout(timer: Timer): void {
    const found = this.timers.find((t) => t === timer);
    if (found) found.cancelled = true;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => !t.cancelled && t.at <= end)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.time = due.at;
      due.cancelled = true;
      due.callback();
    }
    this.time = end;
    this.timers = this.timers.filter((t) => !t.cancelled);
  }
}
