import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from "react";
import type { Message } from "../../../common/wire/message";
import { useUiStore, uiActions } from "../../stores/ui-store";
import {
  composeProblem,
  MAX_CONTENT_BYTES,
  MAX_TOPIC_LENGTH,
  topicLength,
  utf8Length,
} from "../compose/compose-limits";
import { AttachButton, ComposeUploads } from "../compose/compose-uploads";
import { applyFormat, composeKeyAction } from "../compose/format-keys";
import { useRawContent } from "./raw-content";
import { useEditMessage } from "./use-edit-message";
import { useEditUploads } from "./use-edit-uploads";
import "./message-editor.css";

function cancel(): void {
  uiActions.stopEditing();
}

/** Enter (when it sends) or Ctrl/Cmd+Enter saves; Escape cancels. */
function editorKey(
  event: KeyboardEvent<HTMLElement>,
  enterSends: boolean,
): "save" | "cancel" | null {
  if (event.key === "Escape") return "cancel";
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return null;
  if (event.ctrlKey || event.metaKey) return "save";
  return enterSends && !event.shiftKey && event.currentTarget.tagName === "TEXTAREA"
    ? "save"
    : null;
}

function EditorForm({ message, original }: { message: Message; original: string }) {
  const [topic, setTopic] = useState(message.subject);
  const enterSends = useUiStore((state) => state.enterSends);
  const { save, isSaving, error } = useEditMessage(message);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const { composeKey, content, setContent, files, isUploading } = useEditUploads(
    message.id,
    contentRef,
    original,
  );
  const problemId = useId();
  const isStream = message.type === "stream";

  // In the commit itself, not after paint: a paste or a file that arrives before a passive effect
  // would otherwise land at the start of the text, ahead of the cursor the user is about to see.
  useLayoutEffect(() => {
    const area = contentRef.current;
    area?.focus();
    area?.setSelectionRange(area.value.length, area.value.length);
  }, []);

  const problem = composeProblem({ needsTopic: isStream, topic, content });
  // Save waits for the uploads, as compose's Send: their progress says why.
  const canSave = problem === null && !isUploading && !isSaving;
  const shown = problem ?? error;
  const submit = () => {
    if (canSave) void save(original, { content, topic });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const action = editorKey(event, enterSends);
    if (action === null) return;
    event.preventDefault();
    if (action === "cancel") cancel();
    else submit();
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  const topicCount = topicLength(topic.trim());
  const bytes = utf8Length(content);
  return (
    <form
      className="message-editor"
      aria-label="Edit message"
      onSubmit={onSubmit}
      // Typing here must never reach the message list's keys (s, e, j…) or global shortcuts.
      onKeyDown={(event) => {
        event.stopPropagation();
      }}
      onPaste={files.onPaste}
      onDragOver={files.onDragOver}
      onDrop={files.onDrop}
    >
      {isStream && (
        <div className="editor-topic-row">
          <input
            className="editor-topic"
            aria-label="Edit topic"
            value={topic}
            onChange={(event) => {
              setTopic(event.target.value);
            }}
            onKeyDown={onKeyDown}
          />
          <span
            className={topicCount > MAX_TOPIC_LENGTH ? "editor-count error" : "editor-count muted"}
          >
            {topicCount}/{MAX_TOPIC_LENGTH}
          </span>
        </div>
      )}
      <textarea
        ref={contentRef}
        className="editor-content"
        aria-label="Edit content"
        rows={Math.min(12, Math.max(3, content.split("\n").length + 1))}
        value={content}
        aria-invalid={shown !== null ? true : undefined}
        aria-describedby={shown !== null ? problemId : undefined}
        onChange={(event) => {
          setContent(event.target.value);
        }}
        onKeyDown={(event) => {
          const format = composeKeyAction(event);
          if (format === "bold" || format === "italic" || format === "link") {
            event.preventDefault();
            applyFormat(event.currentTarget, format, setContent);
          } else onKeyDown(event);
        }}
      />
      {bytes > MAX_CONTENT_BYTES * 0.9 && (
        <p className="editor-count muted">
          {bytes.toLocaleString("en")} / {MAX_CONTENT_BYTES.toLocaleString("en")} bytes
        </p>
      )}
      {shown !== null && (
        <p id={problemId} className="error editor-error" role="alert">
          {shown}
        </p>
      )}
      <ComposeUploads composeKey={composeKey} />
      <div className="editor-buttons">
        <AttachButton onFiles={files.addFiles} />
        <span className="muted editor-hint">
          {enterSends ? "Enter to save, Escape to cancel" : "Ctrl+Enter to save, Escape to cancel"}
        </span>
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={!canSave}>
          {isSaving ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}

/**
 * Edits a message in place of its body: the Markdown source (loaded first) and, for stream
 * messages, the topic, with the same limits as compose. Save sends only what changed; Cancel
 * or Escape closes without saving. The server's refusal (say, past the time limit) shows here.
 */
export function MessageEditor({ message }: { message: Message }) {
  const raw = useRawContent(message.id);
  if (raw.status === "loading") {
    return (
      <div className="message-editor">
        <p className="muted" role="status">
          Loading the message…
        </p>
      </div>
    );
  }
  if (raw.status === "error") {
    return (
      <div className="message-editor">
        <p className="error" role="alert">
          Could not load the message to edit it: {raw.error}
        </p>
        <div className="editor-buttons">
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  return <EditorForm message={message} original={raw.content} />;
}
