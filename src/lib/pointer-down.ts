import { useEffect, useRef, type RefObject } from "react";

/**
 * Whether a pointer button is pressed anywhere on the page now (read in event handlers): a blur
 * during a press is a click elsewhere on its way, which layout changes must not get ahead of.
 */
export function usePointerDown(): RefObject<boolean> {
  const isDown = useRef(false);
  useEffect(() => {
    const down = () => {
      isDown.current = true;
    };
    const up = () => {
      isDown.current = false;
    };
    window.addEventListener("pointerdown", down, true);
    window.addEventListener("pointerup", up, true);
    window.addEventListener("pointercancel", up, true);
    return () => {
      window.removeEventListener("pointerdown", down, true);
      window.removeEventListener("pointerup", up, true);
      window.removeEventListener("pointercancel", up, true);
    };
  }, []);
  return isDown;
}
