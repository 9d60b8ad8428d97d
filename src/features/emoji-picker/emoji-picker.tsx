import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Dialog } from "../../components/dialog";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { EmojiGlyph } from "../reactions/emoji-glyph";
import {
  customEmojiChoices,
  filterEmoji,
  unicodeEmojiChoices,
  type EmojiChoice,
} from "./emoji-catalogue";
import "./emoji-picker.css";

/** Marks the search box as the element the dialog focuses when it opens. */
function markAutofocus(element: HTMLInputElement | null): void {
  // React does not write `autofocus` into the DOM; `showModal` looks for the attribute.
  element?.setAttribute("autofocus", "");
}

/** How many buttons share the first row of the grid that holds `button` (at least 1). */
function columnsOf(button: HTMLElement): number {
  const grid = button.closest("ul");
  const first = grid?.querySelector<HTMLElement>("button");
  if (grid === null || first === null || first === undefined) return 1;
  const top = first.offsetTop;
  let columns = 0;
  for (const each of grid.querySelectorAll<HTMLElement>("button")) {
    if (each.offsetTop !== top) break;
    columns++;
  }
  // Without layout (tests) every button reports 0: treat the grid as one row.
  return Math.max(1, columns);
}

/** Where an arrow key moves from `index` among `count` buttons, or undefined for other keys. */
function nextIndex(key: string, index: number, count: number, columns: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return Math.min(count - 1, index + 1);
    case "ArrowLeft":
      return Math.max(0, index - 1);
    case "ArrowDown":
      return Math.min(count - 1, index + columns);
    case "ArrowUp":
      return Math.max(0, index - columns);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}

function EmojiSection({
  title,
  choices,
  offset,
  activeIndex,
  onPick,
  onActivate,
}: {
  title: string;
  choices: readonly EmojiChoice[];
  /** The index of this section's first button among all buttons of the picker. */
  offset: number;
  activeIndex: number;
  onPick: (choice: EmojiChoice) => void;
  onActivate: (index: number) => void;
}) {
  const headingId = useId();
  if (choices.length === 0) return null;
  return (
    <section className="emoji-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="emoji-section-title">
        {title}
      </h3>
      <ul className="emoji-grid">
        {choices.map((choice, index) => (
          <li key={`${choice.reaction_type}:${choice.emoji_code}`}>
            <button
              type="button"
              className="emoji-choice"
              aria-label={`:${choice.emoji_name}:`}
              title={`:${choice.emoji_name}:`}
              data-emoji-index={offset + index}
              tabIndex={offset + index === activeIndex ? 0 : -1}
              onFocus={() => {
                onActivate(offset + index);
              }}
              onClick={() => {
                onPick(choice);
              }}
            >
              <EmojiGlyph emoji={choice} whenScrolledTo />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Picks an emoji: a dialog with a search box ("Search emoji") and a grid of buttons named
 * `:name:` — the organisation's custom emoji first, then Unicode. Arrow keys move in the grid,
 * Enter in the search box picks the first match. `onPick` gets the emoji; the caller closes
 * the picker (Escape, the close button and the backdrop call `onClose`).
 */
export function EmojiPicker({
  onPick,
  onClose,
  title = "Choose an emoji",
}: {
  onPick: (emoji: EmojiChoice) => void;
  onClose: () => void;
  title?: string;
}) {
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const realmEmoji = useSnapshotQuery(realmQueries.emoji()).data;
  const custom = useMemo(
    () => filterEmoji(customEmojiChoices(realmEmoji), query),
    [realmEmoji, query],
  );
  const unicode = useMemo(() => filterEmoji(unicodeEmojiChoices(), query), [query]);
  const all = [...custom, ...unicode];

  const focusIndex = (index: number) => {
    gridRef.current?.querySelector<HTMLElement>(`[data-emoji-index="${index}"]`)?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.dataset["emojiIndex"] === undefined) return;
    const index = Number(target.dataset["emojiIndex"]);
    const next = nextIndex(event.key, index, all.length, columnsOf(target));
    if (next === undefined) return;
    event.preventDefault();
    focusIndex(next);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      const first = all[0];
      if (first !== undefined) onPick(first);
    } else if (event.key === "ArrowDown" && all.length > 0) {
      event.preventDefault();
      focusIndex(Math.min(activeIndex, all.length - 1));
    }
  };

  return (
    <Dialog title={title} onClose={onClose} className="emoji-picker">
      <input
        ref={markAutofocus}
        type="search"
        className="emoji-search"
        aria-label="Search emoji"
        placeholder="Search emoji"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(0);
        }}
        onKeyDown={onSearchKeyDown}
      />
      <div className="emoji-sections" ref={gridRef} onKeyDown={onGridKeyDown}>
        <EmojiSection
          title="Custom"
          choices={custom}
          offset={0}
          activeIndex={activeIndex}
          onPick={onPick}
          onActivate={setActiveIndex}
        />
        <EmojiSection
          title="Emoji"
          choices={unicode}
          offset={custom.length}
          activeIndex={activeIndex}
          onPick={onPick}
          onActivate={setActiveIndex}
        />
        {all.length === 0 && (
          <p className="muted emoji-empty" role="status">
            No emoji match “{query.trim()}”.
          </p>
        )}
      </div>
    </Dialog>
  );
}
