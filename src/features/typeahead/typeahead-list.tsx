import type { CSSProperties, ReactNode } from "react";
import { Icon } from "../../components/icon";
import { UnicodeEmoji } from "../../components/unicode-emoji";
import { safeImageUrl } from "../../lib/safe-url";
import type { OptionIcon, TypeaheadOption } from "./suggestions";
import { optionId, type Combobox } from "./use-combobox";
import "./typeahead.css";

/**
 * The listbox of a combobox: rendered only while expanded. Options are not focusable (focus
 * stays in the input, which points at the active one with `aria-activedescendant`); a click
 * picks, and pressing the mouse does not take focus from the input.
 */
export function TypeaheadList<T>({
  combobox,
  label,
  keyOf,
  renderOption,
  style,
}: {
  combobox: Combobox<T>;
  label: string;
  keyOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  style?: CSSProperties | undefined;
}) {
  if (!combobox.isExpanded) return null;
  return (
    <ul
      role="listbox"
      id={combobox.listId}
      aria-label={label}
      className="typeahead-list"
      style={style}
    >
      {combobox.options.map((option, index) => (
        <li
          key={keyOf(option)}
          id={optionId(combobox.listId, index)}
          role="option"
          aria-selected={index === combobox.activeIndex}
          className="typeahead-option"
          onMouseDown={(event) => {
            event.preventDefault();
          }}
          onMouseMove={() => {
            if (index !== combobox.activeIndex) combobox.setActiveIndex(index);
          }}
          onClick={() => {
            combobox.pick(option);
          }}
        >
          {renderOption(option)}
        </li>
      ))}
    </ul>
  );
}

function OptionIconView({ icon }: { icon: OptionIcon }) {
  switch (icon.kind) {
    case "user":
      return <Icon name="at" className="typeahead-icon" />;
    case "group":
      return <Icon name="users" className="typeahead-icon" />;
    case "stream":
      return <Icon name={icon.isPrivate ? "lock" : "hash"} className="typeahead-icon" />;
    case "topic":
      return <Icon name="chevronRight" className="typeahead-icon" />;
    case "unicode":
      return <UnicodeEmoji code={icon.code} text={icon.text} className="typeahead-emoji" />;
    case "image": {
      const url = safeImageUrl(icon.url, "");
      // The label names the emoji, so the image is decoration; an unsafe URL draws nothing.
      return url === "" ? (
        <span className="typeahead-emoji" aria-hidden="true" />
      ) : (
        <img className="typeahead-emoji" src={url} alt="" width={20} height={20} />
      );
    }
  }
}

/** The usual look of an option: an icon, the label, and a quieter detail. All text. */
export function OptionContent({ option }: { option: TypeaheadOption }) {
  return (
    <>
      <OptionIconView icon={option.icon} />
      <span className="typeahead-label">{option.label}</span>
      {option.detail !== null && <span className="typeahead-detail">{option.detail}</span>}
    </>
  );
}
