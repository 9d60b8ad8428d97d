/**
 * How long a test waits for a component loaded as its own chunk (`React.lazy`) to appear: its
 * first dynamic import goes through the test runner's transform, which on a busy machine (the
 * whole suite in parallel) can take longer than Testing Library's default second. A bound on
 * waiting, not a timing the test asserts.
 */
export const LAZY_CHUNK = { timeout: 10_000 } as const;
