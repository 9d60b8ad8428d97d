import { useSyncExternalStore } from "react";

/**
 * How much room there is: three columns (≥ 1100 px), the right panel as a drawer
 * (768–1099 px), or both side panels as drawers (< 768 px). The breakpoints match shell.css.
 */
export type LayoutMode = "wide" | "medium" | "narrow";

const WIDE = "(min-width: 1100px)";
const MEDIUM = "(min-width: 768px)";

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const queries = [window.matchMedia(WIDE), window.matchMedia(MEDIUM)];
  for (const query of queries) query.addEventListener("change", onChange);
  return () => {
    for (const query of queries) query.removeEventListener("change", onChange);
  };
}

/** The layout for the current viewport width. */
function currentLayoutMode(): LayoutMode {
  if (matches(WIDE)) return "wide";
  return matches(MEDIUM) ? "medium" : "narrow";
}

/** The layout mode, updated when the window crosses a breakpoint. */
export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(subscribe, currentLayoutMode);
}
