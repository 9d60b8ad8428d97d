import type { SetTimer } from "../lib/timer";

/** How often the clock is checked (Zulip web's watchdog uses 5 s). */
const WAKE_CHECK_INTERVAL_MS = 5000;
/** More wall-clock time than this between two checks means the machine slept (Zulip web: 20 s). */
const WAKE_JUMP_MS = 20_000;

/** Options of `startWakeDetector`. */
export interface WakeDetectorOptions {
  now: () => number;
  setTimer: SetTimer;
  /** Called once per detected sleep, after the machine woke up. */
  onWake: () => void;
  intervalMs?: number | undefined;
  jumpMs?: number | undefined;
}

/**
 * Notices that the computer slept: timers don't run while it sleeps, so a check that was due
 * in `intervalMs` but finds more than `jumpMs` of wall-clock time passed means a sleep in between. A sleeping
 * laptop's long poll is typically dead on a closed connection, and nothing else would say so.
 * Returns a function that stops the checks.
 */
export function startWakeDetector({
  now,
  setTimer,
  onWake,
  intervalMs = WAKE_CHECK_INTERVAL_MS,
  jumpMs = WAKE_JUMP_MS,
}: WakeDetectorOptions): () => void {
  let last = now();
  let cancel: (() => void) | undefined;
  const check = () => {
    const current = now();
    const hasSlept = current - last > jumpMs;
    last = current;
    cancel = setTimer(check, intervalMs);
    if (hasSlept) onWake();
  };
  cancel = setTimer(check, intervalMs);
  return () => {
    cancel?.();
    cancel = undefined;
  };
}

/** A page whose visibility can be watched: the `document` in the app. */
export interface VisibilitySource extends EventTarget {
  readonly visibilityState: string;
}

/** Options of `watchConnectivity`. */
export interface ConnectivityOptions {
  /** Fires `online` (the `window` in the app). */
  network?: EventTarget | undefined;
  /** Fires `visibilitychange` (the `document`). */
  page?: VisibilitySource | undefined;
  /** Whether to run the sleep check (`startWakeDetector`). */
  detectWake: boolean;
  now: () => number;
  setTimer: SetTimer;
  /** The network came back or the machine woke from sleep: connections may be dead. */
  onReconnected: () => void;
  /** The page became visible again. */
  onVisible: () => void;
}

/** Listens for the hints that a retry is worth making now. Returns a function that stops it. */
export function watchConnectivity(options: ConnectivityOptions): () => void {
  const { network, page, onReconnected } = options;
  const onVisibilityChange = () => {
    if (page?.visibilityState === "visible") options.onVisible();
  };
  network?.addEventListener("online", onReconnected);
  page?.addEventListener("visibilitychange", onVisibilityChange);
  const stopWakeDetector = options.detectWake
    ? startWakeDetector({ now: options.now, setTimer: options.setTimer, onWake: onReconnected })
    : undefined;
  return () => {
    network?.removeEventListener("online", onReconnected);
    page?.removeEventListener("visibilitychange", onVisibilityChange);
    stopWakeDetector?.();
  };
}

/**
 * Resolves true after `ms`, or at once when the function handed to `onCuttable` is called;
 * resolves false when `signal` aborts first. Timers are cleaned up either way.
 */
export function sleepUnlessStopped(
  setTimer: SetTimer,
  ms: number,
  signal: AbortSignal,
  onCuttable: (cutShort: () => void) => void,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    // Called only after `cancelTimer` is assigned below (by the timer, an abort or a cut).
    const finish = (isStillRunning: boolean) => {
      cancelTimer();
      signal.removeEventListener("abort", onAbort);
      resolve(isStillRunning);
    };
    const onAbort = () => {
      finish(false);
    };
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const cancelTimer = setTimer(() => {
      finish(true);
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
    onCuttable(() => {
      finish(true);
    });
  });
}
