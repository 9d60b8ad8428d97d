import { useId } from "react";
import { EmojiGlyph, unicodeEmojiImage } from "../reactions/emoji-glyph";
import type { EmojiChoice } from "./emoji-catalogue";

// The emoji picker's grid (emoji-picker.tsx holds the search, tabs, skin tones and footer): its
// sections of buttons and the arrow keys' moves between them.

/** How many buttons share the first row of the grid that holds `button` (at least 1). */
export function columnsOf(button: HTMLElement): number {
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
export function nextIndex(
  key: string,
  index: number,
  count: number,
  columns: number,
): number | undefined {
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

/** One emoji of the grid: the one counted (`base`, untoned) and the one shown and picked. */
export interface GridItem {
  readonly base: EmojiChoice;
  readonly shown: EmojiChoice;
}

/** A section of the grid, with the tab that scrolls to it (none for search results). */
export interface Section {
  readonly id: string;
  readonly label: string;
  readonly tab?: EmojiChoice | "clock";
  readonly items: readonly GridItem[];
}

/** The glyph of each category's tab (Zulip's tabs show an icon each). */
export const TAB_GLYPHS: Readonly<Record<string, string>> = {
  "Smileys & People": "1f600",
  "Animals & Nature": "1f43b",
  "Food & Drink": "1f355",
  Activities: "26bd",
  "Travel & Places": "1f697",
  Objects: "1f4a1",
  Symbols: "1f523",
  Flags: "1f3c1",
};

/** The skin tones' names (the selector's buttons), default first, then lightest to darkest. */
export const SKIN_TONES: readonly string[] = [
  "Default skin tone",
  "Light skin tone",
  "Medium-light skin tone",
  "Medium skin tone",
  "Medium-dark skin tone",
  "Dark skin tone",
];

export function unicodeGlyph(code: string): EmojiChoice {
  return { emoji_name: code, emoji_code: code, reaction_type: "unicode_emoji", aliases: [] };
}

/**
 * A grid button's glyph: a Unicode emoji's image straight away (no query per button: the grid
 * holds ~1,900), anything else through `EmojiGlyph`.
 */
function GridGlyph({ emoji }: { emoji: EmojiChoice }) {
  return unicodeEmojiImage(emoji, true) ?? <EmojiGlyph emoji={emoji} whenScrolledTo />;
}

export function EmojiSection({
  section,
  offset,
  activeIndex,
  onPick,
  onActivate,
  onShow,
}: {
  section: Section;
  /** The index of this section's first button among all buttons of the picker. */
  offset: number;
  activeIndex: number;
  onPick: (item: GridItem) => void;
  onActivate: (index: number) => void;
  onShow: (choice: EmojiChoice) => void;
}) {
  const headingId = useId();
  if (section.items.length === 0) return null;
  return (
    <section className="emoji-section" aria-labelledby={headingId} data-section={section.id}>
      <h3 id={headingId} className="emoji-section-title">
        {section.label}
      </h3>
      <ul className="emoji-grid">
        {section.items.map((item, index) => (
          <li key={`${item.shown.reaction_type}:${item.shown.emoji_code}`}>
            <button
              type="button"
              className="emoji-choice"
              aria-label={`:${item.shown.emoji_name}:`}
              data-emoji-index={offset + index}
              tabIndex={offset + index === activeIndex ? 0 : -1}
              onPointerEnter={() => {
                onShow(item.shown);
              }}
              onFocus={() => {
                onActivate(offset + index);
                onShow(item.shown);
              }}
              onClick={() => {
                onPick(item);
              }}
            >
              <GridGlyph emoji={item.shown} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
