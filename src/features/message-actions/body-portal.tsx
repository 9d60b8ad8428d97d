import type { ReactNode, SyntheticEvent } from "react";
import { createPortal } from "react-dom";

function stop(event: SyntheticEvent): void {
  event.stopPropagation();
}

/**
 * Renders a dialog opened from a message row outside the row: in `document.body`, so the row's
 * hover-only styles cannot hide it, and with key presses kept inside, so typing in it never
 * reaches the message list's keys (`s`, `e`, `j`…) or the global shortcuts. Clicks stay inside
 * too, so a click in the dialog does not select the message behind it.
 */
export function BodyPortal({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="body-portal" onKeyDown={stop} onClick={stop}>
      {children}
    </div>,
    document.body,
  );
}
