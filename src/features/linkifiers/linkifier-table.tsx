import { useState } from "react";
import type { Linkifier } from "../../../common/wire/realm";
import { ConfirmDialog } from "../../components/dialog";
import { Icon } from "../../components/icon";
import { errorMessage } from "../streams/error-message";
import { useRemoveLinkifier } from "../../queries/realm-mutations";

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

/** The organisation's linkifiers in the order they apply; administrators get a delete button. */
export function LinkifierTable({
  linkifiers,
  canDelete,
}: {
  linkifiers: readonly Linkifier[];
  canDelete: boolean;
}) {
  const [deleting, setDeleting] = useState<Linkifier | null>(null);
  if (linkifiers.length === 0) {
    return <p className="linkifier-empty">This organization has no linkifiers yet.</p>;
  }
  return (
    <>
      <table className="linkifier-table">
        <thead>
          <tr>
            <th scope="col">Pattern</th>
            <th scope="col">URL template</th>
            {canDelete && (
              <th scope="col" className="linkifier-actions-column">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {linkifiers.map((linkifier) => (
            <tr key={linkifier.id}>
              <td>
                <code className="linkifier-code">{linkifier.pattern}</code>
              </td>
              <td>
                {/* An old server's `%(id)s` url_format_string arrives here as is (common/wire/compat.ts). */}
                <code className="linkifier-code">{linkifier.url_template}</code>
              </td>
              {canDelete && (
                <td className="linkifier-actions-column">
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
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
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
