import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { caretPoint } from "./caret-position";
import type { TypeaheadOption } from "./suggestions";
import { applyCompletion, findTrigger, triggerKey, type Trigger } from "./trigger";
import { OptionContent, TypeaheadList } from "./typeahead-list";
import { useCombobox } from "./use-combobox";
import { useContentSuggestions } from "./use-content-suggestions";

/** Roughly the list's width: it is kept inside the box near the right edge. */
const LIST_WIDTH = 280;

const LIST_LABELS: Record<Trigger["kind"], string> = {
  mention: "People and groups",
  stream: "Streams",
  topic: "Topics",
  emoji: "Emoji",
};

/** The caret as last seen, for the text it was seen in. */
interface CaretState {
  readonly value: string;
  readonly position: number;
  /** Where the list goes: above the caret's line, inside the box. */
  readonly style: CSSProperties;
}

function listStyle(textarea: HTMLTextAreaElement, position: number): CSSProperties {
  const point = caretPoint(textarea, position);
  const maxLeft = Math.max(0, textarea.offsetWidth - LIST_WIDTH);
  const left = Math.min(Math.max(0, point.left), maxLeft);
  return {
    left,
    // No wider than the box from there: a list wider than LIST_WIDTH (its content decides,
    // up to the stylesheet's 360px) went past the box's edge, off a phone's screen.
    maxWidth: `min(360px, ${String(Math.max(LIST_WIDTH, textarea.offsetWidth - left))}px)`,
    bottom: textarea.offsetHeight - Math.max(0, point.top) + 2,
  };
}

/**
 * A Markdown textarea with the message typeaheads: `@` users and groups, `#` streams and
 * `#stream>` topics, `:` emoji. The list opens above the caret (ARIA combobox wiring on a text
 * box: `aria-autocomplete`, `aria-controls`, `aria-activedescendant`); arrows move, Enter or
 * Tab insert, Escape closes it for this word. Keys it does not use go to `onKeyDown`.
 */
export function TypeaheadTextarea({
  value,
  onChange,
  onKeyDown,
  textareaRef,
  label,
  placeholder,
  className,
  rows = 3,
  describedBy,
  isInvalid = false,
}: {
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: ((event: KeyboardEvent<HTMLTextAreaElement>) => void) | undefined;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  label: string;
  placeholder?: string | undefined;
  className?: string | undefined;
  rows?: number;
  describedBy?: string | undefined;
  isInvalid?: boolean;
}) {
  const [caret, setCaret] = useState<CaretState | null>(null);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const trigger = useMemo(
    () => (caret !== null && caret.value === value ? findTrigger(value, caret.position) : null),
    [caret, value],
  );
  const isOpen = trigger !== null && triggerKey(trigger) !== dismissedKey;
  const options = useContentSuggestions(isOpen ? trigger : null);

  const combobox = useCombobox<TypeaheadOption>({
    options,
    keyOf: (option) => option.key,
    isOpen,
    onPick: (option) => {
      if (trigger === null || caret === null) return;
      const completed = applyCompletion(value, caret.position, trigger, option.insert);
      pendingCaret.current = completed.caret;
      onChange(completed.text);
    },
    onDismiss: () => {
      if (trigger !== null) setDismissedKey(triggerKey(trigger));
    },
  });

  // After an insertion, the caret goes after it (React has put the new text in by now).
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (pendingCaret.current === null || textarea === null) return;
    textarea.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const track = (textarea: HTMLTextAreaElement) => {
    const position = textarea.selectionStart;
    const text = textarea.value;
    if (textarea.selectionEnd !== position || findTrigger(text, position) === null) {
      setCaret(null);
      return;
    }
    setCaret({ value: text, position, style: listStyle(textarea, position) });
  };

  return (
    <div className="typeahead-textarea">
      <textarea
        ref={textareaRef}
        className={className}
        aria-label={label}
        aria-autocomplete="list"
        aria-controls={combobox.isExpanded ? combobox.listId : undefined}
        aria-activedescendant={combobox.activeId}
        aria-describedby={describedBy}
        aria-invalid={isInvalid ? true : undefined}
        placeholder={placeholder}
        rows={rows}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target);
        }}
        onSelect={(event) => {
          track(event.currentTarget);
        }}
        onBlur={() => {
          setCaret(null);
        }}
        onKeyDown={(event) => {
          if (combobox.onKeyDown(event)) return;
          onKeyDown?.(event);
        }}
      />
      <TypeaheadList
        combobox={combobox}
        label={trigger === null ? "Suggestions" : LIST_LABELS[trigger.kind]}
        keyOf={(option) => option.key}
        renderOption={(option) => <OptionContent option={option} />}
        style={caret?.style}
      />
    </div>
  );
}
