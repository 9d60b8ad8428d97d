import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "../../components/icon";
import "./side-panel.css";

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), [tabindex="0"]';

/**
 * A side panel that is a grid column on wide screens and a drawer on narrow ones. As a drawer it
 * is hidden (not just moved off screen) while closed; opening moves focus into it and closing
 * gives focus back to what had it. The same element serves both modes, so resizing the window
 * does not remount what is inside.
 */
export function SidePanel({
  id,
  side,
  label,
  isDrawer,
  isOpen,
  onClose,
  isInert = false,
  children,
}: {
  id: string;
  side: "left" | "right";
  label: string;
  isDrawer: boolean;
  /** Only read in drawer mode. */
  isOpen: boolean;
  onClose: () => void;
  /** Another drawer is open over the page. */
  isInert?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const isOpenDrawer = isDrawer && isOpen;
  useEffect(() => {
    const panel = ref.current;
    if (!isOpenDrawer || panel === null) return undefined;
    const opener = document.activeElement;
    panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      // Only take focus back if it was in the drawer (or lost with it): a link that navigated
      // elsewhere, or a dialog opened from the drawer, keeps its own focus.
      const active = document.activeElement;
      const wasInDrawer = active === null || active === document.body || panel.contains(active);
      if (wasInDrawer && opener instanceof HTMLElement) opener.focus();
    };
  }, [isOpenDrawer]);

  return (
    <div
      ref={ref}
      id={id}
      className={`side-panel side-panel-${side}`}
      data-mode={isDrawer ? "drawer" : "column"}
      data-open={isDrawer ? String(isOpen) : undefined}
      inert={isInert}
    >
      {isDrawer && (
        <div className="drawer-header">
          <span className="drawer-title" aria-hidden="true">
            {label}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Close ${label.toLowerCase()}`}
            onClick={onClose}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
      <div className="side-panel-body">{children}</div>
    </div>
  );
}
