import { useId, useState, type KeyboardEvent } from "react";

/** What a combobox input needs from its list: which option is active and the keys that move it. */
export interface Combobox<T> {
  /** The id of the listbox element (`aria-controls`). */
  readonly listId: string;
  /** Whether the list is shown: open, and something to show. */
  readonly isExpanded: boolean;
  readonly options: readonly T[];
  readonly activeIndex: number;
  /** The id of the active option (`aria-activedescendant`), or undefined when closed. */
  readonly activeId: string | undefined;
  setActiveIndex(index: number): void;
  pick(option: T): void;
  /**
   * Handles the list's keys on the input (arrows move, Enter or Tab pick, Escape closes) and
   * returns true when it used the key; otherwise the input handles it as usual.
   */
  onKeyDown(event: KeyboardEvent<HTMLElement>): boolean;
}

/** The id of option `index` of list `listId`. */
export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

/**
 * The ARIA combobox pattern's logic for one input and its listbox. The active option goes back
 * to the first whenever the options change (compared by key), so Enter never picks something
 * the user has not seen highlighted.
 */
export function useCombobox<T>(input: {
  options: readonly T[];
  keyOf: (option: T) => string;
  isOpen: boolean;
  onPick: (option: T) => void;
  onDismiss: () => void;
}): Combobox<T> {
  const listId = useId();
  const { options, keyOf, onPick, onDismiss } = input;
  const optionsKey = options.map(keyOf).join("\u0000");
  const [active, setActive] = useState({ optionsKey, index: 0 });
  const activeIndex = active.optionsKey === optionsKey ? active.index : 0;
  const isExpanded = input.isOpen && options.length > 0;

  const move = (step: number) => {
    const count = options.length;
    setActive({ optionsKey, index: (activeIndex + step + count) % count });
  };
  const pickActive = () => {
    const option = options[activeIndex];
    if (option !== undefined) onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!isExpanded || event.nativeEvent.isComposing) return false;
    const isPlain = !event.altKey && !event.ctrlKey && !event.metaKey;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        move(event.key === "ArrowDown" ? 1 : -1);
        break;
      case "Enter":
      case "Tab":
        if (!isPlain || event.shiftKey) return false;
        pickActive();
        break;
      case "Escape":
        // Only the list closes: the shortcut layer must not also blur the box.
        event.stopPropagation();
        onDismiss();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    listId,
    isExpanded,
    options,
    activeIndex,
    activeId: isExpanded ? optionId(listId, activeIndex) : undefined,
    setActiveIndex: (index) => {
      setActive({ optionsKey, index });
    },
    pick: onPick,
    onKeyDown,
  };
}
