import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode, type SyntheticEvent } from "react";
import { Dialog } from "../../components/dialog";
import { errorText } from "../../lib/error-text";
import { useUpdateMessage } from "../../queries/message-mutations";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { defaultPropagateMode, type MoveTarget, type PropagateMode } from "./move-placement";
import "./move-messages.css";

// Zulip keeps the last choice of notices for the next move (`notify_*_thread_default`).
let notifyNewDefault = true;
let notifyOldDefault = false;

const PROPAGATE_MODES: readonly PropagateMode[] = ["change_one", "change_later", "change_all"];

const PROPAGATE_LABELS: Readonly<Record<PropagateMode, string>> = {
  change_one: "Move only this message",
  change_later: "Move this and all following messages in this topic",
  change_all: "Move all messages in this topic",
};

/**
 * Zulip's "Move messages" (or "Move topic") dialog: the destination stream among the user's
 * subscriptions (when they may move between streams), the new topic, which messages when opened
 * on one message, and the automated notices. A refusal shows in the dialog, the choices kept;
 * on success it closes, and a view of the moved topic follows it through the `update_message`
 * event (`events/follow-moves.ts`), as everyone else's does.
 */
export function MoveMessagesDialog({
  target,
  onClose,
}: {
  target: MoveTarget;
  onClose: () => void;
}) {
  const formId = useId();
  const subscriptions = useSnapshotQuery(subscriptionQueries.list()).data ?? [];
  const maxId = useQuery(streamQueries.topics(target.streamId)).data?.find(
    (topic) => topic.name.toLowerCase() === target.topic.toLowerCase(),
  )?.max_id;
  const [streamId, setStreamId] = useState(target.streamId);
  const [topic, setTopic] = useState(target.topic);
  const [mode, setMode] = useState<PropagateMode | null>(null);
  const [notifyNew, setNotifyNew] = useState(notifyNewDefault);
  const [notifyOld, setNotifyOld] = useState(notifyOldDefault);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMessage();

  const propagateMode: PropagateMode = target.isOneMessage
    ? (mode ?? defaultPropagateMode(target.messageId, target.held, maxId))
    : "change_all";
  const streams = [...subscriptions].sort((a, b) => a.name.localeCompare(b.name));

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newTopic = topic.trim();
    const isNewStream = streamId !== target.streamId;
    const isNewTopic = newTopic !== target.topic;
    if (!isNewStream && !isNewTopic) {
      setError("Choose another stream or topic to move to.");
      return;
    }
    setError(null);
    notifyNewDefault = notifyNew;
    notifyOldDefault = notifyOld;
    update.mutate(
      {
        message_id: target.messageId,
        stream_id: isNewStream ? streamId : undefined,
        topic: isNewTopic ? newTopic : undefined,
        propagate_mode: propagateMode,
        send_notification_to_new_thread: notifyNew,
        send_notification_to_old_thread: notifyOld,
      },
      {
        // An open view of the topic follows it through the server's event (follow-moves.ts).
        onSuccess: onClose,
        onError: (failure) => {
          setError(errorText(failure));
        },
      },
    );
  };

  return (
    <Dialog
      title={target.isOneMessage ? "Move messages" : "Move topic"}
      className="move-dialog"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button button-primary"
            disabled={update.isPending}
          >
            {update.isPending ? "Moving…" : "Move"}
          </button>
        </>
      }
    >
      <form id={formId} className="move-form" onSubmit={submit} noValidate>
        {target.mayMoveStream && (
          <label className="move-field">
            <span className="move-label">New stream</span>
            <select
              className="move-input"
              value={streamId}
              onChange={(event) => {
                setStreamId(Number(event.target.value));
              }}
            >
              {streams.map((sub) => (
                <option key={sub.stream_id} value={sub.stream_id}>
                  #{sub.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="move-field">
          <span className="move-label">New topic</span>
          <input
            className="move-input"
            type="text"
            autoComplete="off"
            value={topic}
            onChange={(event) => {
              setTopic(event.target.value);
            }}
          />
        </label>
        {target.isOneMessage && (
          <fieldset className="move-field move-choices">
            <legend className="move-label">Which messages should be moved?</legend>
            {PROPAGATE_MODES.map((value) => (
              <label key={value} className="move-check">
                <input
                  type="radio"
                  name={`${formId}-which`}
                  value={value}
                  checked={propagateMode === value}
                  onChange={() => {
                    setMode(value);
                  }}
                />
                {PROPAGATE_LABELS[value]}
              </label>
            ))}
          </fieldset>
        )}
        <NoticeCheck checked={notifyNew} onChange={setNotifyNew}>
          Send automated notice to new topic
        </NoticeCheck>
        <NoticeCheck checked={notifyOld} onChange={setNotifyOld}>
          Send automated notice to old topic
        </NoticeCheck>
        {error !== null && (
          <p className="move-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** One of the two "Send automated notice" boxes. */
function NoticeCheck({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="move-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      {children}
    </label>
  );
}
