import { useEffect, type RefObject } from "react";

/** Where a floating element goes against its anchor (Floating UI's placements we use). */
type FloatingPlacement =
  "bottom-start" | "bottom-end" | "top-start" | "top-end" | "right-start" | "left-start";

export interface FloatingOptions {
  readonly placement: FloatingPlacement;
  /**
   * Keep it inside the anchor's scrolling ancestors as well as the screen: a message's menu opens
   * upward rather than over compose when the message is the last one.
   */
  readonly withinScroller?: boolean;
}

/** Margin kept between a floating element and the screen's (or the scroller's) edge. */
const EDGE = 8;

// Floating UI loads with the first popover, not with the app (the first view's budget).
const loadFloatingUi = () => import("@floating-ui/dom");

/** Starts loading the positioning code early (hover on a button that opens a popover). */
export function preloadFloating(): void {
  void loadFloatingUi();
}

/**
 * Places `floating` (fixed, in `document.body`) next to `anchor` while `isOpen`: Floating UI's
 * offset, flip (the other side when this one lacks room), shift (slid along to stay on screen)
 * and size (a long list gets a max height and scrolls), updated on scroll and resize
 * (`autoUpdate`). Until the first placement the element is `data-placed="false"`, which CSS keeps
 * invisible, so it never shows at a wrong place.
 */
export function useFloating(
  anchor: RefObject<Element | null>,
  floating: RefObject<HTMLElement | null>,
  isOpen: boolean,
  { placement, withinScroller = false }: FloatingOptions,
): void {
  useEffect(() => {
    if (!isOpen) return;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    void loadFloatingUi().then(({ autoUpdate, computePosition, flip, offset, shift, size }) => {
      const reference = anchor.current;
      const element = floating.current;
      if (isCancelled || reference === null || element === null) return;
      const overflow = { padding: EDGE, altBoundary: withinScroller };
      const update = () => {
        void computePosition(reference, element, {
          placement,
          strategy: "fixed",
          middleware: [
            offset(4),
            flip({ ...overflow, fallbackStrategy: "bestFit" }),
            shift({ padding: EDGE }),
            size({
              ...overflow,
              apply({ availableHeight, availableWidth }) {
                element.style.maxHeight = `${Math.max(120, availableHeight)}px`;
                element.style.maxWidth = `${Math.max(160, availableWidth)}px`;
              },
            }),
          ],
        }).then(({ x, y, placement: placed }) => {
          if (isCancelled) return;
          element.style.left = `${x}px`;
          element.style.top = `${y}px`;
          element.dataset["placed"] = placed;
        });
      };
      stop = autoUpdate(reference, element, update);
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [anchor, floating, isOpen, placement, withinScroller]);
}
