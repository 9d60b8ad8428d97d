/** A row that must stay where it is on screen: its order and distance (px) from the view's top. */
export interface Anchor {
  readonly order: number;
  readonly offset: number;
}

/** What the list reads from the DOM once per change (all reads first: one layout). */
export interface ScrollFrame {
  readonly scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
  /** The first row's top (the top spacer's) in the scroller's content coordinates. */
  readonly modelTop: number;
  /** The height of the sticky header at the top of the view. */
  readonly stickyHeight: number;
}

/** Where the view should go. */
export type ScrollIntent =
  /** Stay at the bottom (the reader follows the newest messages). */
  | { readonly kind: "follow" }
  /** Show a row: its box relative to the view's top, before the spacers change. */
  | {
      readonly kind: "reveal";
      readonly order: number;
      readonly align: "top" | "nearest";
      readonly box: { readonly top: number; readonly bottom: number };
    }
  /**
   * Keep the anchor in place: `currentOffset` is where its row is now (rendered), else
   * `modelOffset` is its top in the model (from the first row's top).
   */
  | {
      readonly kind: "anchor";
      readonly anchor: Anchor | null;
      readonly currentOffset: number | undefined;
      readonly modelOffset: number;
    };

/** The scroll position to write, what the content's height will be, and the anchor after. */
export interface ScrollPlan {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  /** The anchor from now on (undefined: unchanged). */
  readonly anchor: Anchor | null | undefined;
}

/** Room left above a revealed row, under the sticky header. */
export const REVEAL_MARGIN_PX = 8;

/**
 * Plans the scroll position after the spacers above and below the rendered rows change by
 * `topDelta` and `bottomDelta`, from what was read before writing anything: the browser lays
 * the list out once per change instead of after every write. Pure.
 */
export function planScroll(
  frame: ScrollFrame,
  topDelta: number,
  bottomDelta: number,
  intent: ScrollIntent,
): ScrollPlan {
  const scrollHeight = Math.max(frame.clientHeight, frame.scrollHeight + topDelta + bottomDelta);
  const maxScroll = scrollHeight - frame.clientHeight;
  const clamp = (value: number) => Math.max(0, Math.min(maxScroll, value));
  switch (intent.kind) {
    case "follow":
      return { scrollTop: maxScroll, scrollHeight, anchor: undefined };
    case "reveal": {
      const top = intent.box.top + topDelta;
      const bottom = intent.box.bottom + topDelta;
      const headerBottom = frame.stickyHeight + REVEAL_MARGIN_PX;
      let move = 0;
      if (intent.align === "top" || top < headerBottom) move = top - headerBottom;
      else if (bottom > frame.clientHeight) {
        move = Math.min(bottom - frame.clientHeight + REVEAL_MARGIN_PX, top - headerBottom);
      }
      const scrollTop = clamp(frame.scrollTop + move);
      // The revealed row is the anchor now: it stays where it was put.
      const offset = frame.scrollTop + top - scrollTop;
      return { scrollTop, scrollHeight, anchor: { order: intent.order, offset } };
    }
    case "anchor": {
      const { anchor } = intent;
      if (anchor === null) return { scrollTop: clamp(frame.scrollTop), scrollHeight, anchor };
      const wanted =
        intent.currentOffset === undefined
          ? frame.modelTop + intent.modelOffset - anchor.offset
          : frame.scrollTop + intent.currentOffset + topDelta - anchor.offset;
      return { scrollTop: clamp(wanted), scrollHeight, anchor: undefined };
    }
  }
}
