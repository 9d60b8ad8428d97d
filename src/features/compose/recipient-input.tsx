import { useRef, useState, type KeyboardEvent } from "react";
import type { User } from "../../../common/wire/users";
import { Icon } from "../../components/icon";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { rankMatches } from "../typeahead/match";
import { TypeaheadList } from "../typeahead/typeahead-list";
import { useCombobox } from "../typeahead/use-combobox";

function UserOption({ user }: { user: User }) {
  return (
    <>
      <Icon name="at" className="typeahead-icon" />
      <span className="typeahead-label">{user.full_name}</span>
      <span className="typeahead-detail">{user.email}</span>
    </>
  );
}

/**
 * The people a direct message goes to: removable chips and a combobox to add more (several
 * make a group conversation). Backspace in the empty box removes the last chip; each chip's
 * remove button also goes with Backspace or Delete.
 */
export function RecipientInput({
  recipientIds,
  onChange,
  userName,
  onDone,
}: {
  recipientIds: readonly number[];
  onChange: (recipientIds: readonly number[]) => void;
  userName: (userId: number) => string;
  /** Enter with nothing to pick: the recipients are done (focus moves on). */
  onDone: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const users = useSnapshotQuery(userQueries.list()).data;
  const [query, setQuery] = useState("");
  const [isOpen, setOpen] = useState(false);
  const candidates = (users ?? []).filter(
    (user) => user.is_active !== false && !recipientIds.includes(user.user_id),
  );
  const options = isOpen
    ? rankMatches(query, candidates, (user) => [user.full_name, user.email])
    : [];
  const combobox = useCombobox<User>({
    options,
    keyOf: (user) => String(user.user_id),
    isOpen,
    onPick: (user) => {
      onChange([...recipientIds, user.user_id]);
      setQuery("");
    },
    onDismiss: () => {
      setOpen(false);
    },
  });
  const remove = (userId: number) => {
    onChange(recipientIds.filter((id) => id !== userId));
    // The chip's button goes away with it: keep the focus in the recipients.
    inputRef.current?.focus();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (combobox.onKeyDown(event)) return;
    const last = recipientIds.at(-1);
    if (event.key === "Backspace" && query === "" && last !== undefined) {
      event.preventDefault();
      remove(last);
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <div className="recipient-input">
      {recipientIds.length > 0 && (
        <ul className="recipient-chips" aria-label="Recipients chosen">
          {recipientIds.map((id) => (
            <li key={id} className="recipient-chip">
              <span>{userName(id)}</span>
              <button
                type="button"
                className="recipient-chip-remove"
                aria-label={`Remove ${userName(id)}`}
                onClick={() => {
                  remove(id);
                }}
                onKeyDown={(event) => {
                  if (event.key !== "Backspace" && event.key !== "Delete") return;
                  event.preventDefault();
                  remove(id);
                }}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="suggest-input recipient-field">
        <input
          ref={inputRef}
          type="text"
          className="suggest-input-field"
          role="combobox"
          aria-label="Recipients"
          aria-autocomplete="list"
          aria-expanded={combobox.isExpanded}
          aria-controls={combobox.isExpanded ? combobox.listId : undefined}
          aria-activedescendant={combobox.activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={recipientIds.length === 0 ? "Add people" : "Add more"}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
          }}
          onKeyDown={onInputKeyDown}
        />
        <TypeaheadList
          combobox={combobox}
          label="People"
          keyOf={(user) => String(user.user_id)}
          renderOption={(user) => <UserOption user={user} />}
        />
      </div>
    </div>
  );
}
