import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Linkifier } from "../../../common/wire/realm";
import { ConfirmDialog } from "../../components/dialog";
import { Icon } from "../../components/icon";
import { errorMessage } from "../streams/error-message";
import { useRemoveLinkifier, useReorderLinkifiers } from "../../queries/realm-mutations";
import { isInOrder, movedIds, type Direction } from "./linkifier-order";

// The edit form checks drafts with RE2 and the renderer, as the add form does: loaded on demand.
const LinkifierEditForm = lazy(() => import("./linkifier-edit-form"));

function DeleteDialog({ linkifier, onDone }: { linkifier: Linkifier; onDone: () => void }) {
  const remove = useRemoveLinkifier();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title="Delete linkifier?"
      confirmLabel="Delete"
      isDanger
      isBusy={remove.isPending}
      error={error}
      onCancel={onDone}
      onConfirm={() => {
        setError(null);
        remove.mutate(linkifier.id, {
          onSuccess: onDone,
          onError: (failure) => {
            setError(`Could not delete it: ${errorMessage(failure)}`);
          },
        });
      }}
    >
      <p>
        Text matching <code className="linkifier-code">{linkifier.pattern}</code> will no longer
        become a link in new messages and topics.
      </p>
    </ConfirmDialog>
  );
}

function MoveButton({
  linkifier,
  direction,
  isDisabled,
  onMove,
}: {
  linkifier: Linkifier;
  direction: Direction;
  isDisabled: boolean;
  onMove: () => void;
}) {
  const label = direction === "up" ? "Move up" : "Move down";
  return (
    <button
      type="button"
      className={`icon-button linkifier-move-${direction}`}
      data-move={direction}
      aria-label={`${label}: ${linkifier.pattern}`}
      title={label}
      disabled={isDisabled}
      onClick={onMove}
    >
      <Icon name="chevronDown" />
    </button>
  );
}

/**
 * After a move, the keyboard stays with the moved row: its button of the same direction, or the
 * other one once it has reached the end. React keeps the row's buttons, but moving a row in the
 * DOM takes the focus from them, so it is given back once the new order has arrived (from the
 * `realm_linkifiers` event), or at once when the move failed.
 */
function useFocusAfterMove(linkifiers: readonly Linkifier[]) {
  const tableRef = useRef<HTMLTableElement>(null);
  const awaited = useRef<{ id: number; direction: Direction; ids: number[] | null } | null>(null);
  const focusAwaited = () => {
    const target = awaited.current;
    const table = tableRef.current;
    if (target === null || table === null) return;
    if (target.ids !== null && !isInOrder(linkifiers, target.ids)) return;
    const row = table.querySelector(`tr[data-linkifier-id="${target.id}"]`);
    const button = (direction: Direction) =>
      row?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]`);
    const same = button(target.direction);
    const other = button(target.direction === "up" ? "down" : "up");
    const chosen = same?.disabled === false ? same : other;
    // Buttons wait while a move is being sent: try again on the render that enables them.
    if (chosen?.disabled !== false) return;
    awaited.current = null;
    chosen.focus();
  };
  const editedId = useRef<number | null>(null);
  useEffect(() => {
    focusAwaited();
    // Closing an edit form gives the focus back to its row's Edit button.
    if (editedId.current === null) return;
    const selector = `tr[data-linkifier-id="${editedId.current}"] button[data-edit]`;
    tableRef.current?.querySelector<HTMLButtonElement>(selector)?.focus();
    editedId.current = null;
  });
  return {
    tableRef,
    returnToEdit: (id: number) => {
      editedId.current = id;
    },
    awaitMove: (id: number, direction: Direction, ids: number[]) => {
      awaited.current = { id, direction, ids };
    },
    /** The move failed: the order stays, and the focus returns on the next render. */
    moveFailed: () => {
      if (awaited.current !== null) awaited.current.ids = null;
    },
  };
}

/**
 * The organisation's linkifiers in the order they apply (when two match the same text, the
 * higher one links it). Administrators can move each up or down, edit it in place and delete it.
 */
export function LinkifierTable({
  linkifiers,
  canEdit,
}: {
  linkifiers: readonly Linkifier[];
  canEdit: boolean;
}) {
  const [deleting, setDeleting] = useState<Linkifier | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const reorder = useReorderLinkifiers();
  const { tableRef, awaitMove, moveFailed, returnToEdit } = useFocusAfterMove(linkifiers);
  if (linkifiers.length === 0) {
    return <p className="linkifier-empty">This organization has no linkifiers yet.</p>;
  }
  const columns = canEdit ? 3 : 2;
  const move = (linkifier: Linkifier, direction: Direction) => {
    const ids = movedIds(linkifiers, linkifier.id, direction);
    if (ids === null) return;
    setMoveError(null);
    awaitMove(linkifier.id, direction, ids);
    reorder.mutate(ids, {
      onError: (failure) => {
        setMoveError(`Could not move ${linkifier.pattern}: ${errorMessage(failure)}`);
        moveFailed();
      },
    });
  };
  return (
    <>
      <table className="linkifier-table" ref={tableRef}>
        <thead>
          <tr>
            <th scope="col">Pattern</th>
            <th scope="col">URL template</th>
            {canEdit && (
              <th scope="col" className="linkifier-actions-column">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {linkifiers.map((linkifier, index) =>
            linkifier.id === editingId ? (
              <tr key={linkifier.id} data-linkifier-id={linkifier.id}>
                <td colSpan={columns}>
                  <Suspense fallback={<p className="linkifier-hint">Loading the form…</p>}>
                    <LinkifierEditForm
                      linkifier={linkifier}
                      onDone={() => {
                        setEditingId(null);
                        returnToEdit(linkifier.id);
                      }}
                    />
                  </Suspense>
                </td>
              </tr>
            ) : (
              <tr key={linkifier.id} data-linkifier-id={linkifier.id}>
                <td>
                  <code className="linkifier-code">{linkifier.pattern}</code>
                </td>
                <td>
                  {/* An old server's `%(id)s` url_format_string arrives here as is (common/wire/compat.ts). */}
                  <code className="linkifier-code">{linkifier.url_template}</code>
                </td>
                {canEdit && (
                  <td className="linkifier-actions-column">
                    <div className="linkifier-actions">
                      <MoveButton
                        linkifier={linkifier}
                        direction="up"
                        isDisabled={index === 0 || reorder.isPending}
                        onMove={() => {
                          move(linkifier, "up");
                        }}
                      />
                      <MoveButton
                        linkifier={linkifier}
                        direction="down"
                        isDisabled={index === linkifiers.length - 1 || reorder.isPending}
                        onMove={() => {
                          move(linkifier, "down");
                        }}
                      />
                      <button
                        type="button"
                        className="icon-button"
                        data-edit
                        aria-label={`Edit linkifier ${linkifier.pattern}`}
                        title="Edit"
                        onClick={() => {
                          setEditingId(linkifier.id);
                        }}
                      >
                        <Icon name="edit" />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Delete linkifier ${linkifier.pattern}`}
                        title="Delete"
                        onClick={() => {
                          setDeleting(linkifier);
                        }}
                      >
                        <Icon name="trash" />
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
      {moveError !== null && (
        <p role="alert" className="linkifier-error">
          {moveError}
        </p>
      )}
      {deleting !== null && (
        <DeleteDialog
          linkifier={deleting}
          onDone={() => {
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}
