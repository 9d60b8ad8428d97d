import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Page } from "../../components/page";
import { formatSize } from "../../lib/format-size";
import { attachmentQueries, useRemoveAttachment } from "../../queries/attachment-queries";
import "./uploaded-files.css";

/** One upload's row: name, size, date, the messages that link it, delete with confirmation. */
function AttachmentRow({
  attachment,
}: {
  attachment: {
    id: number;
    name: string;
    size: number;
    create_time: number;
    messages: readonly { id: number }[];
  };
}) {
  const remove = useRemoveAttachment();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <tr>
      <td>{attachment.name}</td>
      <td>{formatSize(attachment.size)}</td>
      <td>{new Date(attachment.create_time).toLocaleDateString()}</td>
      <td>
        {attachment.messages.length === 0
          ? "None"
          : attachment.messages.map((message, index) => (
              <span key={message.id}>
                {index > 0 && ", "}
                <a href={`#narrow/id/${String(message.id)}`}>#{message.id}</a>
              </span>
            ))}
      </td>
      <td>
        {isConfirming ? (
          <>
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={() => {
                remove.mutate(attachment.id);
              }}
            >
              Delete {attachment.name}
            </button>{" "}
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button"
            aria-label={`Delete ${attachment.name}…`}
            onClick={() => {
              setConfirming(true);
            }}
          >
            Delete…
          </button>
        )}
        {remove.isError && (
          <p role="alert" className="page-state error">
            Could not delete: {remove.error.message}
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * "Your uploaded files" (Zulip's settings page of the same name): every file the user uploaded,
 * with its size, date and the messages that link it; deleting one asks first (the messages keep
 * a broken link, as in Zulip).
 */
export function UploadedFiles() {
  const list = useQuery(attachmentQueries.list());
  return (
    <Page
      title="Your uploaded files"
      intro="Files you uploaded, and the messages that link them."
      className="uploaded-files"
    >
      {list.isPending && <p className="page-state">Loading your files…</p>}
      {list.isError && (
        <p className="page-state error" role="alert">
          Could not load your files: {list.error.message}
        </p>
      )}
      {list.data?.attachments.length === 0 && (
        <p className="page-state">You have uploaded no files.</p>
      )}
      {list.data !== undefined && list.data.attachments.length > 0 && (
        <table className="uploaded-files-table">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Size</th>
              <th scope="col">Uploaded</th>
              <th scope="col">Messages</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.attachments.map((attachment) => (
              <AttachmentRow key={attachment.id} attachment={attachment} />
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
