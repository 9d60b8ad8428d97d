import { useId, useRef, type KeyboardEvent } from "react";

/** The two faces of the compose box. */
export type ComposeTab = "write" | "preview";

const TABS: readonly { readonly tab: ComposeTab; readonly label: string }[] = [
  { tab: "write", label: "Write" },
  { tab: "preview", label: "Preview" },
];

/**
 * "Write" and "Preview" tabs (the ARIA tabs pattern: arrow keys, Home and End move between
 * them and select; only the selected one is in the Tab order).
 */
export function ComposeTabs({
  tab,
  onChange,
  panelIds,
}: {
  tab: ComposeTab;
  onChange: (tab: ComposeTab) => void;
  panelIds: Readonly<Record<ComposeTab, string>>;
}) {
  const idPrefix = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((entry) => entry.tab === tab);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length];
    if (target === undefined) return;
    onChange(target.tab);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${target.tab}"]`)?.focus();
  };

  return (
    <div className="compose-tabs" role="tablist" aria-label="Compose mode" ref={listRef}>
      {TABS.map((entry) => (
        <button
          key={entry.tab}
          type="button"
          role="tab"
          id={`${idPrefix}-${entry.tab}`}
          data-tab={entry.tab}
          className="compose-tab"
          aria-selected={tab === entry.tab}
          aria-controls={panelIds[entry.tab]}
          tabIndex={tab === entry.tab ? 0 : -1}
          onClick={() => {
            onChange(entry.tab);
          }}
          onKeyDown={onKeyDown}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}
