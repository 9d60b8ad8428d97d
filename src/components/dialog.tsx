import { useEffect, useId, useRef, type ReactNode } from "react";
import { Icon } from "./icon";
import "./components.css";

/**
 * A modal dialog on the native `<dialog>` element: the browser traps focus, Escape closes it and
 * the page behind is inert. Mounted means open; `onClose` is called for Escape, the close button
 * and a click on the backdrop. Focus returns to what had it before.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const previouslyFocused = document.activeElement;
    // jsdom has no showModal; the dialog is still shown through the `open` attribute.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      if (previouslyFocused instanceof HTMLElement) previouslyFocused.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={className === undefined ? "dialog" : `dialog ${className}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-frame">
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        {/* Focusable so a body that scrolls can be scrolled from the keyboard (axe: scrollable-region-focusable). */}
        <div className="dialog-body" tabIndex={0}>
          {children}
        </div>
        {footer !== undefined && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </dialog>
  );
}

/**
 * A creating dialog's footer: Cancel, and the submit button of the form `formId` (in the body),
 * "Creating…" and disabled while the request is on its way.
 */
export function CreateFooter({
  formId,
  isPending,
  onCancel,
}: {
  formId: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
        {isPending ? "Creating…" : "Create"}
      </button>
    </>
  );
}

/** A yes/no question in a dialog (delete a message, unsubscribe someone). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isDanger = false,
  isBusy = false,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  isBusy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={isDanger ? "button button-danger" : "button button-primary"}
            disabled={isBusy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {error !== undefined && error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
