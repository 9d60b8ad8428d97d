/** A timer waits are made with; injected so tests can drive time. Returns a canceller. */
export type SetTimer = (callback: () => void, ms: number) => () => void;

// Looks up the global at call time, so fake timers installed later still apply.
/** `setTimeout` as a `SetTimer`. */
export const realSetTimer: SetTimer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => {
    clearTimeout(handle);
  };
};
