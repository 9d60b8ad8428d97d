import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { preloadFloating, useFloating } from "./floating";
import "./components.css";

/** One entry of a menu. */
export interface MenuItem {
  readonly label: string;
  readonly onSelect: () => void;
  readonly isDanger?: boolean;
  readonly isDisabled?: boolean;
}

/**
 * A button that opens a menu (the WAI-ARIA menu button pattern): arrow keys move between items,
 * Enter or a click selects, Escape or a click outside closes, and focus returns to the button.
 * The menu is portalled to `document.body` and placed by `useFloating`, so no parent's overflow
 * clips it and it flips above its button, or slides along, to stay on the screen.
 */
export function MenuButton({
  label,
  items,
  children,
  className,
  align = "end",
  withinScroller = false,
  toggleKey,
}: {
  /** The accessible name of the button ("Stream options for general"). */
  label: string;
  items: readonly MenuItem[];
  /** What the button shows (usually an icon). */
  children: ReactNode;
  className?: string;
  align?: "start" | "end";
  /** Keep the menu inside the button's scrolling ancestors too (a message's menu: not over compose). */
  withinScroller?: boolean;
  /** A key that opened the menu from elsewhere (the account menu's `g`) and closes it again. */
  toggleKey?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  useFloating(buttonRef, menuRef, isOpen, {
    placement: align === "end" ? "bottom-end" : "bottom-start",
    withinScroller,
  });

  useEffect(() => {
    if (!isOpen) return;
    menuRef.current
      ?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')
      ?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && (menuRef.current?.contains(target) ?? false)) return;
      if (target instanceof Node && (buttonRef.current?.contains(target) ?? false)) return;
      setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [isOpen]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [
      ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    ];
    const index = entries.findIndex((entry) => entry === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      entries[(to + entries.length) % entries.length]?.focus();
    };
    if (toggleKey !== undefined && event.key === toggleKey) {
      event.preventDefault();
      close();
      return;
    }
    switch (event.key) {
      case "ArrowDown":
        move(index + 1);
        break;
      case "ArrowUp":
        move(index - 1);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(entries.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case "Tab":
        setOpen(false);
        break;
      default:
        break;
    }
  };

  return (
    <span className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className={className ?? "icon-button"}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onPointerEnter={preloadFloating}
        onClick={() => {
          setOpen((open) => !open);
        }}
      >
        {children}
      </button>
      {isOpen &&
        createPortal(
          <ul
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            className="menu"
            data-placed="false"
            onKeyDown={onMenuKeyDown}
          >
            {items.map((item) => (
              <li
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.isDisabled === true ? true : undefined}
                className={item.isDanger === true ? "menu-item menu-item-danger" : "menu-item"}
                onClick={() => {
                  if (item.isDisabled === true) return;
                  close();
                  item.onSelect();
                }}
                onKeyDown={(event) => {
                  if (event.key !== "Enter" && event.key !== " ") return;
                  event.preventDefault();
                  if (item.isDisabled === true) return;
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </span>
  );
}
