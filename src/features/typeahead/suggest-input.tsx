import { useState, type ReactNode, type Ref } from "react";
import { TypeaheadList } from "./typeahead-list";
import { useCombobox } from "./use-combobox";

/**
 * A one-line text input with suggestions (stream, topic): the ARIA combobox pattern. The list
 * opens on focus and while typing, closes on Escape, on blur and on a pick; a pick fills the
 * input with the option's text. `role` stays "textbox" where callers and tests find the input
 * as a text box (the topic); ARIA then allows the list wiring but not `aria-expanded`.
 */
export function SuggestInput<T>({
  label,
  listLabel,
  value,
  onChange,
  suggestionsFor,
  keyOf,
  textOf,
  renderOption,
  onPicked,
  onEnter,
  role = "combobox",
  className,
  placeholder,
  describedBy,
  isInvalid = false,
  inputRef,
}: {
  label: string;
  listLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** The ranked options for the current text. */
  suggestionsFor: (value: string) => readonly T[];
  keyOf: (option: T) => string;
  textOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onPicked?: ((option: T) => void) | undefined;
  /** Enter with the list closed (the default is the form's own Enter). */
  onEnter?: (() => void) | undefined;
  role?: "combobox" | "textbox";
  className?: string | undefined;
  placeholder?: string | undefined;
  describedBy?: string | undefined;
  isInvalid?: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const [isOpen, setOpen] = useState(false);
  const options = isOpen ? suggestionsFor(value) : [];
  // An option equal to the text adds nothing: don't make Enter "pick" what is already there.
  const isSettled =
    options.length === 1 && options[0] !== undefined && textOf(options[0]) === value;
  const combobox = useCombobox({
    options: isSettled ? [] : options,
    keyOf,
    isOpen,
    onPick: (option) => {
      onChange(textOf(option));
      setOpen(false);
      onPicked?.(option);
    },
    onDismiss: () => {
      setOpen(false);
    },
  });
  const isCombobox = role === "combobox";
  return (
    <div className={`suggest-input ${className ?? ""}`}>
      <input
        ref={inputRef}
        type="text"
        className="suggest-input-field"
        role={isCombobox ? "combobox" : undefined}
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={isCombobox ? combobox.isExpanded : undefined}
        aria-controls={combobox.isExpanded ? combobox.listId : undefined}
        aria-activedescendant={combobox.activeId}
        aria-describedby={describedBy}
        aria-invalid={isInvalid ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
        }}
        onKeyDown={(event) => {
          if (combobox.onKeyDown(event)) return;
          if (event.key === "ArrowDown" && !isOpen) {
            event.preventDefault();
            setOpen(true);
          } else if (
            event.key === "Enter" &&
            onEnter !== undefined &&
            !event.nativeEvent.isComposing
          ) {
            event.preventDefault();
            onEnter();
          }
        }}
      />
      <TypeaheadList
        combobox={combobox}
        label={listLabel}
        keyOf={keyOf}
        renderOption={renderOption}
      />
    </div>
  );
}
