import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from "react";

/** How long a finger rests on a row before its actions open (Zulip's mobile app: 500 ms). */
export const LONG_PRESS_MS = 500;
/** How far the finger may drift before the press counts as a scroll instead. */
export const LONG_PRESS_SLOP_PX = 10;

/** The handlers spread on the element that listens (a list, for all its rows). */
export interface LongPressHandlers {
  readonly onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  readonly onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  readonly onPointerUp: () => void;
  readonly onPointerCancel: () => void;
  readonly onContextMenu: (event: { preventDefault(): void }) => void;
  readonly onClickCapture: (event: { preventDefault(): void; stopPropagation(): void }) => void;
}

interface Press {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * A touch held still on an element for `LONG_PRESS_MS` calls `onLongPress` with the element the
 * touch began on (a mouse or a pen
 * never does: they have hover and a right button). A move beyond `LONG_PRESS_SLOP_PX`, a lift or
 * a cancel (the browser took the touch for a scroll) before then is an ordinary touch. After a
 * long press, the click the lift produces is swallowed (it would follow a link under the finger)
 * and so is the browser's own context menu; a click made while the finger is still down (the
 * menu `onLongPress` opens) goes through.
 */
export function useLongPress(onLongPress: (target: EventTarget) => void): LongPressHandlers {
  const press = useRef<Press | null>(null);
  // After a long press: "down" until the finger lifts, then "lifted" until the lift's click.
  const fired = useRef<"no" | "down" | "lifted">("no");
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });

  const clear = () => {
    if (press.current !== null) clearTimeout(press.current.timer);
    press.current = null;
  };
  // A pending press does not outlive the element.
  useEffect(() => clear, []);

  return {
    onPointerDown(event) {
      clear();
      fired.current = "no";
      if (event.pointerType !== "touch" || !event.isPrimary) return;
      const { target } = event;
      const timer = setTimeout(() => {
        press.current = null;
        fired.current = "down";
        callback.current(target);
      }, LONG_PRESS_MS);
      press.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, timer };
    },
    onPointerMove(event) {
      const current = press.current;
      if (current === null || event.pointerId !== current.pointerId) return;
      const distance = Math.hypot(event.clientX - current.x, event.clientY - current.y);
      if (distance > LONG_PRESS_SLOP_PX) clear();
    },
    onPointerUp() {
      clear();
      if (fired.current === "down") fired.current = "lifted";
    },
    onPointerCancel() {
      clear();
      fired.current = "no";
    },
    onContextMenu(event) {
      if (press.current !== null || fired.current !== "no") event.preventDefault();
    },
    onClickCapture(event) {
      if (fired.current !== "lifted") return;
      fired.current = "no";
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
