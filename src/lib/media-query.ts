import { useSyncExternalStore } from "react";

/** One `MediaQueryList` per query: `matchMedia` makes a new one (and its listeners) each call. */
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList | undefined {
  if (typeof window.matchMedia !== "function") return undefined;
  let list = lists.get(query);
  if (list === undefined) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the media query matches now (false where there is no `matchMedia`, as in jsdom). */
function mediaMatches(query: string): boolean {
  return mediaList(query)?.matches ?? false;
}

/** Whether the media query matches, updated when that changes. Call it once, high in a tree. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener("change", onChange);
      return () => {
        list?.removeEventListener("change", onChange);
      };
    },
    () => mediaMatches(query),
    () => false,
  );
}
