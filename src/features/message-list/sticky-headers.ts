import { useEffect } from "react";
import type { VirtualList } from "./virtual-list";

/** Where the sticky headers go: the one at the top, how far the next pushes it up, and how many are covered. */
export interface StickyPlacement {
  /** The index of the header standing at the top of the view, or -1 when none has reached it. */
  readonly current: number;
  /** How far (px) the next header pushes the current one up out of the view. */
  readonly shift: number;
}

/**
 * Every recipient header is sticky in the one list of rows, so each that has reached the top
 * stays there: without help they stack, and the next one slides over the current one, both
 * drawn at once. Zulip shows one: the current header (the last to reach the top), which the
 * next pushes up as it arrives. `tops` are the headers' tops (without any push) relative to
 * the top of the view, in list order; `height` is a header's height.
 */
export function stickyPlacement(tops: readonly number[], height: number): StickyPlacement {
  let current = -1;
  tops.forEach((top, index) => {
    // Half a pixel of slack: a stuck header's top is the view's, give or take rounding.
    if (top <= 0.5) current = index;
  });
  if (current < 0) return { current, shift: 0 };
  const next = tops[current + 1];
  const shift = next === undefined ? 0 : Math.max(0, Math.min(height, height - next));
  return { current, shift };
}

const PUSH = "--recipient-push";

/** Places the rendered headers of `scroller`'s list: the current one pushed, those under it hidden. */
function placeHeaders(scroller: HTMLElement): void {
  const headers = [
    ...scroller.querySelectorAll<HTMLElement>(".message-list-rows > li.recipient-header"),
  ];
  if (headers.length === 0) return;
  const viewTop = scroller.getBoundingClientRect().top;
  // The bar's box: a ghost header takes no room itself, its content stands out of it.
  const inner = headers[0]?.firstElementChild;
  const height = inner instanceof HTMLElement ? inner.getBoundingClientRect().height : 0;
  const tops = headers.map(
    (header) =>
      header.getBoundingClientRect().top - viewTop + Number(header.dataset["push"] ?? "0"),
  );
  const { current, shift } = stickyPlacement(tops, height);
  headers.forEach((header, index) => {
    const push = index === current ? shift : 0;
    if (Number(header.dataset["push"] ?? "0") !== push) {
      header.dataset["push"] = String(push);
      header.style.setProperty(PUSH, `${String(-push)}px`);
    }
    // Those that reached the top before the current one are under it: not drawn (still read).
    header.toggleAttribute("data-covered", index < current);
  });
}

/** Keeps the list's sticky headers placed on every scroll, render and resize (`stickyPlacement`). */
export function useStickyHeaders(list: VirtualList): void {
  useEffect(
    () =>
      list.onViewportChange(() => {
        const scroller = list.scrollElement;
        if (scroller !== null) placeHeaders(scroller);
      }),
    [list],
  );
}
