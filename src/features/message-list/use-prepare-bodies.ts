import { useEffect } from "react";
import type { ListRow } from "./group-rows";
import type { RowRange } from "./list-layout";
import { prepareBody } from "./message-body";

/** How many rows on each side of the window get their bodies sanitised ahead. */
const AHEAD_ROWS = 40;
/** Stop short of the idle period's end by this much (ms): a frame may be waiting. */
const IDLE_MARGIN_MS = 1;

/** The rows just outside the window, nearest first, alternating above and below. */
function* rowsAround(rows: readonly ListRow[], range: RowRange): Generator<ListRow> {
  for (let step = 1; step <= AHEAD_ROWS; step++) {
    const above = rows[range.start - step];
    const below = rows[range.end - 1 + step];
    if (above !== undefined) yield above;
    if (below !== undefined) yield below;
  }
}

/**
 * Sanitises, in the browser's idle time, the bodies of the rows just outside the rendered
 * window, so that a row scrolled into view mounts with its body already sanitised: the frames
 * of a fast scroll then only create the row's elements. Sanitising is the same call and the same
 * cache as rendering (`MessageBody`); this only does it earlier. Nothing happens where there is
 * no `requestIdleCallback` (Safari before 18.4, jsdom): rows sanitise as they render.
 */
export function usePrepareBodies(rows: readonly ListRow[], range: RowRange): void {
  const { start, end } = range;
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") return;
    const pending = rowsAround(rows, { start, end });
    let handle: number | undefined;
    const work = (deadline: IdleDeadline): void => {
      handle = undefined;
      while (deadline.timeRemaining() > IDLE_MARGIN_MS) {
        const next = pending.next();
        if (next.done === true) return;
        const row = next.value;
        if (row.kind === "message") prepareBody(row.message.content);
      }
      handle = requestIdleCallback(work);
    };
    handle = requestIdleCallback(work);
    return () => {
      if (handle !== undefined) cancelIdleCallback(handle);
    };
  }, [rows, start, end]);
}
