import { useId, useState, type SyntheticEvent } from "react";
import type { Stream } from "../../../common/wire/streams";
import { CreateFooter, Dialog } from "../../components/dialog";
import { narrowToHash, streamNarrow } from "../../lib/narrow";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { streamQueries } from "../../queries/stream-queries";
import { uiActions } from "../../stores/ui-store";
import { errorMessage } from "./error-message";
import { useCreateStream } from "../../queries/subscription-mutations";
import "./streams.css";

/** Zulip's `max_stream_name_length` and `max_stream_description_length`. */
const MAX_STREAM_NAME_LENGTH = 60;
const MAX_STREAM_DESCRIPTION_LENGTH = 1024;

/** Why a new stream's name cannot be used, or null when it can. */
export function streamNameProblem(name: string, streams: readonly Stream[]): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return "Choose a name for the stream.";
  if (Array.from(trimmed).length > MAX_STREAM_NAME_LENGTH) {
    return `A stream name has at most ${MAX_STREAM_NAME_LENGTH} characters.`;
  }
  const key = trimmed.toLowerCase();
  const existing = streams.find((stream) => stream.name.toLowerCase() === key);
  return existing === undefined ? null : `A stream named “${existing.name}” already exists.`;
}

function CheckField({
  label,
  hint,
  isChecked,
  onChange,
}: {
  label: string;
  hint: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  return (
    <label className="streams-check">
      <input
        type="checkbox"
        checked={isChecked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span>
        {label}
        <span className="streams-hint">{hint}</span>
      </span>
    </label>
  );
}

/**
 * The "Create stream" form in a dialog: name, description, private (invite-only) and announce.
 * Problems show inline; once created, the new stream opens.
 */
export function CreateStreamDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const streams = useSnapshotQuery(streamQueries.list()).data ?? [];
  const create = useCreateStream();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [isInviteOnly, setInviteOnly] = useState(false);
  const [shouldAnnounce, setAnnounce] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nameProblem = streamNameProblem(name, streams);
    setProblem(nameProblem);
    if (nameProblem !== null) return;
    const newStream = {
      name: name.trim(),
      description: description.trim(),
      isInviteOnly,
      shouldAnnounce,
    };
    create.mutate(newStream, {
      onSuccess: (streamId) => {
        onClose();
        if (streamId === undefined) return;
        uiActions.setLeftDrawerOpen(false);
        window.location.hash = narrowToHash(streamNarrow(streamId, newStream.name));
      },
      onError: (error) => {
        setProblem(`Could not create #${newStream.name}: ${errorMessage(error)}`);
      },
    });
  };

  return (
    <Dialog
      title="Create stream"
      onClose={onClose}
      footer={<CreateFooter formId={formId} isPending={create.isPending} onCancel={onClose} />}
    >
      <form id={formId} className="streams-form" onSubmit={onSubmit} noValidate>
        <label className="streams-field">
          <span className="streams-label">Name</span>
          <input
            className="streams-input"
            value={name}
            maxLength={MAX_STREAM_NAME_LENGTH}
            autoComplete="off"
            required
            aria-invalid={problem !== null && streamNameProblem(name, streams) !== null}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
        </label>
        <label className="streams-field">
          <span className="streams-label">Description</span>
          <textarea
            className="streams-input"
            rows={3}
            value={description}
            maxLength={MAX_STREAM_DESCRIPTION_LENGTH}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
        </label>
        <CheckField
          label="Private (invite-only)"
          hint="Only subscribers can see it; others must be added."
          isChecked={isInviteOnly}
          onChange={setInviteOnly}
        />
        <CheckField
          label="Announce the new stream"
          hint="Posts a message about it for everyone."
          isChecked={shouldAnnounce}
          onChange={setAnnounce}
        />
        {problem !== null && (
          <p className="streams-error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
