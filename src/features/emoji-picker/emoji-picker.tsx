import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useFloating } from "../../components/floating";
import { Icon } from "../../components/icon";
import { browserLocalStorage } from "../../lib/stored-json";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { useSessionStore } from "../../stores/session-store";
import { EmojiGlyph } from "../reactions/emoji-glyph";
import {
  customEmojiChoices,
  filterEmoji,
  frequentlyUsed,
  unicodeCategories,
  textEmoji,
  unicodeEmojiChoices,
  withSkinTone,
  type EmojiChoice,
} from "./emoji-catalogue";
import { readPickerMemory, recordPick, rememberSkinTone } from "./emoji-picker-memory";
import {
  columnsOf,
  EmojiSection,
  nextIndex,
  SKIN_TONES,
  TAB_GLYPHS,
  unicodeGlyph,
  type GridItem,
  type Section,
} from "./emoji-grid";
import "./emoji-picker.css";

/**
 * Picks an emoji: a popover (role dialog, named `title`) anchored to `anchor`, the button that
 * opened it, placed by `useFloating` (flips and slides to stay on screen; `withinScroller` also
 * keeps it inside the anchor's scrolling box, e.g. off compose). It has a search box ("Search
 * emoji"), a skin-tone selector, a tab per category (Frequently used, Zulip's Unicode
 * categories, Custom) that scrolls the grid to it, the grid of buttons named `:name:`, and a
 * footer naming the emoji under the pointer or focus. Arrow keys, Home and End move in the grid;
 * Enter in the search box picks the first match. Picks are counted per user in `localStorage`
 * for "Frequently used", and the skin tone is remembered there too. `onPick` gets the emoji and
 * the caller closes the picker; Escape and a click outside call `onClose` and give focus back to
 * the anchor, and focus leaving it (Tab) calls `onClose` too.
 */
export function EmojiPicker({
  anchor,
  onPick,
  onClose,
  title = "Choose an emoji",
  withinScroller = false,
  forText = false,
}: {
  anchor: RefObject<HTMLElement | null>;
  onPick: (emoji: EmojiChoice) => void;
  onClose: () => void;
  title?: string;
  withinScroller?: boolean;
  /**
   * For message text (compose): only the emoji whose `:name:` the message renderer knows
   * (`textEmoji`), without skin tones; a reaction may be any emoji of the table.
   */
  forText?: boolean;
}) {
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const [previewed, setPreviewed] = useState<EmojiChoice | undefined>(undefined);
  const [currentSection, setCurrentSection] = useState<string | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const userId = useSessionStore((session) => session.credentials?.userId ?? null);
  const [memory, setMemory] = useState(() =>
    userId === null ? { counts: {}, skinTone: 0 } : readPickerMemory(browserLocalStorage(), userId),
  );
  // "Frequently used" as it was on opening: a pick does not reshuffle the open grid.
  const [counts] = useState(memory.counts);
  const tone = forText ? 0 : memory.skinTone;
  const realmEmoji = useSnapshotQuery(realmQueries.emoji()).data;
  const custom = useMemo(() => customEmojiChoices(realmEmoji), [realmEmoji]);

  const sections = useMemo((): Section[] => {
    const items = (choices: readonly EmojiChoice[]) =>
      choices.map((base) => ({ base, shown: withSkinTone(base, tone) }));
    const unicode = forText ? textEmoji(unicodeEmojiChoices()) : unicodeEmojiChoices();
    if (query.trim() !== "") {
      const found = filterEmoji([...custom, ...unicode], query);
      return [{ id: "results", label: "Search results", items: items(found) }];
    }
    return [
      {
        id: "frequent",
        label: "Frequently used",
        tab: "clock",
        items: items(frequentlyUsed(counts, [...unicode, ...custom])),
      },
      ...unicodeCategories().flatMap((category): Section[] => {
        const choices = forText ? textEmoji(category.choices) : category.choices;
        if (choices.length === 0) return [];
        const tab = unicodeGlyph(TAB_GLYPHS[category.id] ?? "2753");
        return [{ id: category.id, label: category.label, tab, items: items(choices) }];
      }),
      ...custom.slice(0, 1).map((first) => ({
        id: "custom",
        label: "Custom",
        tab: first,
        items: items(custom),
      })),
    ];
  }, [query, custom, counts, tone, forText]);
  const all = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const shown = previewed ?? all[activeIndex]?.shown;

  useFloating(anchor, rootRef, true, { placement: "bottom-start", withinScroller });

  // Focus the search box on opening; give focus back to the anchor if it was in the picker
  // when the picker goes (a pick that closes it), unless the caller moved it elsewhere.
  useEffect(() => {
    searchRef.current?.focus();
    const opener = anchor.current;
    const root = rootRef.current;
    return () => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body || (root?.contains(focused) ?? false)) {
        opener?.focus();
      }
    };
  }, [anchor]);

  // A press outside (not on the anchor, which toggles) closes; focus goes back to the anchor
  // unless the press lands on something that takes focus itself.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const onMouseDown = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (rootRef.current?.contains(target) ?? false) return;
      if (anchor.current?.contains(target) ?? false) return;
      const takesFocus =
        target instanceof Element &&
        target.closest(
          "input, textarea, select, button, a[href], [tabindex], [contenteditable]",
        ) !== null;
      onCloseRef.current();
      if (!takesFocus) {
        event.preventDefault();
        anchor.current?.focus();
      }
    };
    document.addEventListener("mousedown", onMouseDown, true);
    return () => {
      document.removeEventListener("mousedown", onMouseDown, true);
    };
  }, [anchor]);

  const close = () => {
    onClose();
    anchor.current?.focus();
  };

  const pick = (item: GridItem) => {
    if (userId !== null) recordPick(browserLocalStorage(), userId, item.base);
    onPick(item.shown);
  };

  const focusIndex = (index: number) => {
    gridRef.current?.querySelector<HTMLElement>(`[data-emoji-index="${index}"]`)?.focus();
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys stay in the picker: not the compose box's (Enter sends) nor the app's shortcuts.
    event.stopPropagation();
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
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
      if (first !== undefined) pick(first);
    } else if (event.key === "ArrowDown" && all.length > 0) {
      event.preventDefault();
      focusIndex(Math.min(activeIndex, all.length - 1));
    }
  };

  const scrollTo = (id: string) => {
    const grid = gridRef.current;
    const section = [...(grid?.querySelectorAll<HTMLElement>("[data-section]") ?? [])].find(
      (each) => each.dataset["section"] === id,
    );
    if (grid === null || section === undefined) return;
    grid.scrollTop = section.offsetTop;
    setCurrentSection(id);
  };

  const onGridScroll = () => {
    const grid = gridRef.current;
    if (grid === null) return;
    let current: string | undefined;
    for (const section of grid.querySelectorAll<HTMLElement>("[data-section]")) {
      if (section.offsetTop > grid.scrollTop + 1) break;
      current = section.dataset["section"];
    }
    setCurrentSection(current);
  };

  const tabs = sections.filter((section) => section.tab !== undefined && section.items.length > 0);
  const current = currentSection ?? tabs[0]?.id;

  return (
    <div
      ref={rootRef}
      role="dialog"
      aria-label={title}
      className="emoji-picker"
      data-placed="false"
      onKeyDown={onRootKeyDown}
      onBlur={(event) => {
        // Tab (or Shift+Tab) out of the picker closes it, as a menu does; not a move to the
        // anchor, whose click toggles it.
        const to = event.relatedTarget;
        if (!(to instanceof Node) || event.currentTarget.contains(to)) return;
        if (anchor.current?.contains(to) ?? false) return;
        onClose();
      }}
    >
      <div className="emoji-picker-top">
        <input
          ref={searchRef}
          type="search"
          className="emoji-search"
          aria-label="Search emoji"
          placeholder="Search emoji"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
            setPreviewed(undefined);
            setCurrentSection(undefined);
          }}
          onKeyDown={onSearchKeyDown}
        />
        <div className="emoji-tones" role="group" aria-label="Skin tone" hidden={forText}>
          {SKIN_TONES.map((label, index) => (
            <button
              key={label}
              type="button"
              className={`emoji-tone emoji-tone-${index}`}
              aria-label={label}
              title={label}
              aria-pressed={tone === index}
              onClick={() => {
                setMemory((previous) =>
                  userId === null
                    ? { ...previous, skinTone: index }
                    : rememberSkinTone(browserLocalStorage(), userId, index),
                );
              }}
            />
          ))}
        </div>
      </div>
      {query.trim() === "" && (
        <div className="emoji-tabs" role="group" aria-label="Emoji categories">
          {tabs.map((section) => (
            <button
              key={section.id}
              type="button"
              className="emoji-tab"
              aria-label={section.label}
              title={section.label}
              aria-current={section.id === current ? "true" : undefined}
              onClick={() => {
                scrollTo(section.id);
              }}
            >
              {section.tab === "clock" ? (
                <Icon name="clock" size={16} />
              ) : section.tab === undefined ? null : (
                <EmojiGlyph emoji={section.tab} />
              )}
            </button>
          ))}
        </div>
      )}
      <div
        className="emoji-sections"
        ref={gridRef}
        onKeyDown={onGridKeyDown}
        onScroll={onGridScroll}
      >
        {sections.map((section, index) => (
          <EmojiSection
            key={section.id}
            section={section}
            offset={sections.slice(0, index).reduce((sum, each) => sum + each.items.length, 0)}
            activeIndex={activeIndex}
            onPick={pick}
            onActivate={setActiveIndex}
            onShow={setPreviewed}
          />
        ))}
        {all.length === 0 && (
          <p className="muted emoji-empty" role="status">
            No emoji match “{query.trim()}”.
          </p>
        )}
      </div>
      <div className="emoji-footer">
        {shown !== undefined && (
          <>
            <EmojiGlyph emoji={shown} />
            <span className="emoji-footer-names">
              <span className="emoji-footer-name">:{shown.emoji_name}:</span>
              {shown.aliases.length > 0 && (
                <span className="emoji-footer-aliases muted">
                  {shown.aliases.map((alias) => `:${alias}:`).join(" ")}
                </span>
              )}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
