import { useId, useMemo, useState, type KeyboardEvent } from "react";
import type { User } from "../../../common/wire/users";
import { Icon } from "../../components/icon";

/** How many suggestions the typeahead shows. */
const MAX_SUGGESTIONS = 8;

function rank(user: User, query: string): number {
  const name = user.full_name.toLowerCase();
  const email = user.email.toLowerCase();
  if (name.startsWith(query)) return 0;
  if (name.split(/\s+/).some((word) => word.startsWith(query))) return 1;
  if (email.startsWith(query)) return 2;
  if (name.includes(query) || email.includes(query)) return 3;
  return -1;
}

/**
 * The users matching `query` (name or email; name prefixes first, then word prefixes, then email
 * prefixes, then anywhere), leaving out those already chosen, at most `limit`.
 */
export function matchUsers(
  candidates: readonly User[],
  chosen: readonly User[],
  query: string,
  limit = MAX_SUGGESTIONS,
): User[] {
  const text = query.trim().toLowerCase();
  if (text === "") return [];
  const chosenIds = new Set(chosen.map((user) => user.user_id));
  return candidates
    .filter((user) => !chosenIds.has(user.user_id))
    .map((user) => ({ user, rank: rank(user, text) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.user.full_name.localeCompare(b.user.full_name))
    .slice(0, limit)
    .map((entry) => entry.user);
}

/** The chosen users, each with a button to take them out again. */
function UserChips({
  chosen,
  onRemove,
}: {
  chosen: readonly User[];
  onRemove: (user: User) => void;
}) {
  if (chosen.length === 0) return null;
  return (
    <ul className="user-picker-chips" aria-label="Chosen users">
      {chosen.map((user) => (
        <li key={user.user_id} className="user-picker-chip">
          <span>{user.full_name}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${user.full_name}`}
            onClick={() => {
              onRemove(user);
            }}
          >
            <Icon name="close" size={12} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Chooses several users with a typeahead (the ARIA combobox pattern): type a name or email,
 * arrows move through the suggestions, Enter or a click adds one, Backspace in the empty box
 * removes the last. Chosen users show as chips with a remove button.
 */
export function UserPicker({
  label,
  candidates,
  chosen,
  onChange,
}: {
  label: string;
  candidates: readonly User[];
  chosen: readonly User[];
  onChange: (chosen: User[]) => void;
}) {
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const [isOpen, setOpen] = useState(false);
  const inputId = useId();
  const listId = useId();
  const matches = useMemo(() => matchUsers(candidates, chosen, query), [candidates, chosen, query]);
  const isListShown = isOpen && matches.length > 0;
  const active = matches[Math.min(activeIndex, matches.length - 1)];

  const choose = (user: User) => {
    onChange([...chosen, user]);
    setQuery("");
    setActiveIndex(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((index) => (index + step + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === "Enter" && isListShown && active !== undefined) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape" && isListShown) {
      // Close the suggestions only, not the dialog or drawer around the picker.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Backspace" && query === "" && chosen.length > 0) {
      onChange(chosen.slice(0, -1));
    }
  };

  return (
    <div className="user-picker">
      <label htmlFor={inputId} className="streams-label">
        {label}
      </label>
      <UserChips
        chosen={chosen}
        onRemove={(user) => {
          onChange(chosen.filter((other) => other.user_id !== user.user_id));
        }}
      />
      <div className="user-picker-box">
        <input
          id={inputId}
          className="streams-input"
          role="combobox"
          autoComplete="off"
          placeholder="Type a name or email"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={
            isListShown && active !== undefined ? `${listId}-${active.user_id}` : undefined
          }
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
          }}
          onFocus={() => {
            setOpen(true);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="user-picker-options"
          hidden={!isListShown}
        >
          {isListShown &&
            matches.map((user) => (
              <li
                key={user.user_id}
                id={`${listId}-${user.user_id}`}
                role="option"
                aria-selected={user === active}
                className="user-picker-option"
                onMouseDown={(event) => {
                  // Keep the focus in the box, so the list stays open for the next name.
                  event.preventDefault();
                }}
                onClick={() => {
                  choose(user);
                }}
              >
                <span className="user-picker-option-name">{user.full_name}</span>
                <span className="user-picker-option-email">{user.email}</span>
              </li>
            ))}
        </ul>
      </div>
      {isOpen && query.trim() !== "" && matches.length === 0 && (
        <p className="muted user-picker-empty" role="status">
          No one matches “{query.trim()}”.
        </p>
      )}
    </div>
  );
}
