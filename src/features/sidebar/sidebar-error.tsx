import { Icon } from "../../components/icon";
import "./sidebar.css";

/** A failed sidebar action, said plainly, with a button to dismiss it. */
export function SidebarError({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="sidebar-error" role="alert">
      <span>{message}</span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
