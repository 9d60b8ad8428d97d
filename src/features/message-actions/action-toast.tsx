import { useEffect } from "react";
import { Icon } from "../../components/icon";
import { dismissActionNotice, useActionNotice } from "../../stores/action-notice-store";
import { BodyPortal } from "./body-portal";

/** How long a notice stays unless dismissed; errors stay longer, to be read. */
const INFO_MS = 3_000;
const ERROR_MS = 8_000;

/**
 * The notice of the last message action (a failed star, a copied link), in a small toast at the
 * bottom of the screen; it goes away on its own or with its close button. One for the list, not
 * one per row: a failure still shows when its message's row has scrolled out of the window, or
 * never showed its toolbar (a star toggled with `s`).
 */
export function ActionToast() {
  const notice = useActionNotice();
  const sequence = notice?.sequence;
  const delay = notice?.kind === "error" ? ERROR_MS : INFO_MS;
  useEffect(() => {
    if (sequence === undefined) return;
    const timer = setTimeout(() => {
      dismissActionNotice(sequence);
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [sequence, delay]);
  if (notice === null) return null;
  return (
    <BodyPortal>
      <div
        className={`action-toast action-toast-${notice.kind}`}
        role={notice.kind === "error" ? "alert" : "status"}
      >
        <span>{notice.text}</span>
        <button
          type="button"
          className="icon-button"
          aria-label="Dismiss"
          onClick={() => {
            dismissActionNotice(notice.sequence);
          }}
        >
          <Icon name="close" size={14} />
        </button>
      </div>
    </BodyPortal>
  );
}
