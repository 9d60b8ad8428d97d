import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { Icon } from "../../components/icon";
import { narrowToHash, searchNarrow, type Narrow } from "../../lib/narrow";
import { useUiStore, uiActions } from "../../stores/ui-store";
import "./search.css";

/** The hash of a search for `text`, or undefined when there is nothing to search for. */
export function searchHash(text: string): string | undefined {
  const query = text.trim();
  return query === "" ? undefined : narrowToHash(searchNarrow(query));
}

/**
 * The search box of the top bar: Enter opens `#narrow/search/<query>`. Shows the current search
 * while in a search narrow, and takes focus when asked (the `/` shortcut).
 */
export function SearchBox({ currentNarrow }: { currentNarrow: Narrow | undefined }) {
  const currentQuery = currentNarrow?.kind === "search" ? currentNarrow.query : "";
  const [text, setText] = useState(currentQuery);
  const [shownQuery, setShownQuery] = useState(currentQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusSequence = useUiStore((state) => state.searchFocusSequence);

  // Following the URL: a new search narrow (or leaving one) replaces what the box shows.
  if (shownQuery !== currentQuery) {
    setShownQuery(currentQuery);
    setText(currentQuery);
  }

  useEffect(() => {
    if (focusSequence === 0) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusSequence]);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const hash = searchHash(text);
    if (hash === undefined) return;
    window.location.hash = hash;
    uiActions.setLeftDrawerOpen(false);
  };

  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
      <Icon name="search" className="search-icon" />
      <input
        ref={inputRef}
        type="search"
        className="search-input"
        aria-label="Search messages"
        placeholder="Search messages"
        enterKeyHint="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.currentTarget.blur();
          }
        }}
      />
    </form>
  );
}
