import { useId, useMemo, useState } from "react";
import type { RealmEmoji } from "../../../common/wire/realm";
import type { User } from "../../../common/wire/users";
import { ConfirmDialog } from "../../components/dialog";
import { Page } from "../../components/page";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import { useSessionStore } from "../../stores/session-store";
import { errorMessage } from "../streams/error-message";
import { EmojiGrid } from "./emoji-grid";
import { canUpload, deactivatedCount, emojiRows, normaliseEmojiFilter } from "./emoji-rows";
import { EmojiUploadForm } from "./upload-form";
import { useDeactivateEmoji } from "../../queries/realm-mutations";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import "./custom-emoji.css";

/** The logged-in user and everyone by id, from the users list the register snapshot seeded. */
function usePeople(): { me: User | undefined; users: ReadonlyMap<number, User>; isKnown: boolean } {
  const list = useSnapshotQuery(userQueries.list());
  const myId = useSessionStore((session) => session.credentials?.userId);
  const users = useMemo(
    () => new Map((list.data ?? []).map((user) => [user.user_id, user])),
    [list.data],
  );
  return {
    me: myId === undefined ? undefined : users.get(myId),
    users,
    isKnown: list.isSuccess,
  };
}

/** Asks before deactivating; the dialog stays open with the server's refusal if it refuses. */
function DeactivateDialog({ emoji, onClose }: { emoji: RealmEmoji; onClose: () => void }) {
  const deactivate = useDeactivateEmoji();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title={`Deactivate :${emoji.name}:?`}
      confirmLabel={deactivate.isPending ? "Deactivating…" : "Deactivate"}
      isDanger
      isBusy={deactivate.isPending}
      error={error}
      onCancel={onClose}
      onConfirm={() => {
        setError(null);
        deactivate.mutate(emoji.name, {
          onSuccess: onClose,
          onError: (failure) => {
            setError(`Could not deactivate :${emoji.name}:: ${errorMessage(failure)}`);
          },
        });
      }}
    >
      <p className="custom-emoji-dialog-text">
        No one will be able to use :{emoji.name}: in new messages or reactions. Messages that
        already show it keep the image.
      </p>
    </ConfirmDialog>
  );
}

/** The filter box and the "Hide deactivated" switch. */
function GridToolbar({
  text,
  onText,
  isHiding,
  onHiding,
  hiddenCount,
}: {
  text: string;
  onText: (text: string) => void;
  isHiding: boolean;
  onHiding: (isHiding: boolean) => void;
  hiddenCount: number;
}) {
  const filterId = useId();
  return (
    <div className="custom-emoji-toolbar">
      <label htmlFor={filterId} className="visually-hidden">
        Filter emoji by name
      </label>
      <input
        id={filterId}
        type="search"
        className="page-filter"
        placeholder="Filter emoji by name"
        value={text}
        onChange={(event) => {
          onText(event.target.value);
        }}
      />
      <label className="custom-emoji-toggle">
        <input
          type="checkbox"
          checked={isHiding}
          onChange={(event) => {
            onHiding(event.target.checked);
          }}
        />
        <span>Hide deactivated ({hiddenCount})</span>
      </label>
    </div>
  );
}

/** What the grid area says instead of cards: loading, failure, nothing at all, no match. */
function GridState({ rowCount, text }: { rowCount: number; text: string }) {
  const emoji = useSnapshotQuery(realmQueries.emoji());
  if (emoji.isPending) {
    return (
      <p className="custom-emoji-state" role="status">
        Loading emoji…
      </p>
    );
  }
  if (emoji.isError) {
    return (
      <div className="custom-emoji-state is-error" role="alert">
        <p>Could not load the custom emoji: {errorMessage(emoji.error)}</p>
        <button type="button" className="button" onClick={() => void emoji.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (rowCount > 0) return null;
  const needle = normaliseEmojiFilter(text);
  return (
    <p className="custom-emoji-state">
      {needle === "" ? "No custom emoji to show." : `No emoji name contains “${needle}”.`}
    </p>
  );
}

/**
 * The organisation's custom emoji (`#organization/emoji-settings`): a searchable grid with the
 * author and deactivated ones marked and sorted last, an upload form for members, and
 * deactivation for administrators and each emoji's author.
 */
export function EmojiSettings() {
  const gridHeadingId = useId();
  const emoji = useSnapshotQuery(realmQueries.emoji());
  const { me, users, isKnown } = usePeople();
  const [text, setText] = useState("");
  const [isHiding, setHiding] = useState(false);
  const [toDeactivate, setToDeactivate] = useState<RealmEmoji | null>(null);
  const rows = useMemo(
    () => emojiRows(emoji.data, { text, isHidingDeactivated: isHiding }),
    [emoji.data, text, isHiding],
  );

  return (
    <Page
      title="Custom emoji"
      className="custom-emoji-page"
      intro="Your organisation’s own emoji, for messages (:name:) and reactions."
    >
      {isKnown &&
        (canUpload(me) ? (
          <EmojiUploadForm existing={emoji.data} />
        ) : (
          <p className="custom-emoji-hint">Guests cannot add custom emoji.</p>
        ))}
      <section className="custom-emoji-browse" aria-labelledby={gridHeadingId}>
        <h2 id={gridHeadingId} className="custom-emoji-section-title">
          All custom emoji
        </h2>
        <GridToolbar
          text={text}
          onText={setText}
          isHiding={isHiding}
          onHiding={setHiding}
          hiddenCount={deactivatedCount(emoji.data)}
        />
        <GridState rowCount={rows.length} text={text} />
        {rows.length > 0 && (
          <EmojiGrid rows={rows} users={users} me={me} onDeactivate={setToDeactivate} />
        )}
      </section>
      {toDeactivate !== null && (
        <DeactivateDialog
          emoji={toDeactivate}
          onClose={() => {
            setToDeactivate(null);
          }}
        />
      )}
    </Page>
  );
}
