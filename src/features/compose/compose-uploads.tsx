import {
  useEffect,
  useRef,
  type ClipboardEvent,
  type DragEvent as ReactDragEvent,
  type RefObject,
} from "react";
import { Icon } from "../../components/icon";
import { uploads } from "../../controllers/uploads";
import { useUploadError, useUploads } from "../../controllers/uploads-state";

/** The files of a paste (images copied from a page or a screenshot tool, copied files). */
function clipboardFiles(data: DataTransfer | null): File[] {
  if (data === null) return [];
  const files: File[] = [];
  for (const item of data.items) {
    if (item.kind !== "file") continue;
    const file = item.getAsFile();
    if (file !== null) files.push(file);
  }
  return files;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
function isFileDrag(event: DragEvent | ReactDragEvent): boolean {
  return event.dataTransfer?.types.includes("Files") === true;
}

/**
 * `text` (upload placeholders) put at the selection of the box, as Zulip's block insertion: on a
 * line of its own. Returns the new content and the caret after the inserted text.
 */
export function insertBlock(
  content: string,
  start: number,
  end: number,
  text: string,
): { text: string; caret: number } {
  const head = content.slice(0, start);
  const inserted = head === "" || head.endsWith("\n") ? text : `\n${text}`;
  return { text: `${head}${inserted}${content.slice(end)}`, caret: start + inserted.length };
}

/**
 * What a compose box does with files: start their uploads and put the placeholders where the
 * caret is. Paste goes through `onPaste`, the attach button through `addFiles`. Compose takes a
 * drop anywhere on the page (the message area included, as Zulip's compose does) unless
 * something under it took the drop first; an edit box (`pageDrops: false`) takes the drops on
 * itself, through `onDragOver` and `onDrop`.
 */
export function useComposeUploads(
  composeKey: string,
  textareaRef: RefObject<HTMLTextAreaElement | null>,
  content: string,
  insert: (result: { text: string; caret: number }) => void,
  { pageDrops = true }: { pageDrops?: boolean } = {},
) {
  const latest = useRef({ content, insert });
  useEffect(() => {
    latest.current = { content, insert };
  });

  const addFiles = (files: readonly File[]) => {
    const inserted = uploads.start(composeKey, files);
    if (inserted === "") return;
    const current = latest.current.content;
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? current.length;
    const end = textarea?.selectionEnd ?? start;
    latest.current.insert(insertBlock(current, start, end, inserted));
  };
  const addFilesRef = useRef(addFiles);
  useEffect(() => {
    addFilesRef.current = addFiles;
  });

  useEffect(() => {
    if (!pageDrops) return;
    const onDragOver = (event: DragEvent) => {
      // Without this the browser opens the file in place of the app.
      if (isFileDrag(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      // An edit box's drop (React's handlers run first, at the app's root) is not compose's.
      if (!isFileDrag(event) || event.defaultPrevented) return;
      event.preventDefault();
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) addFilesRef.current(files);
    };
    document.addEventListener("dragover", onDragOver);
    document.addEventListener("drop", onDrop);
    return () => {
      document.removeEventListener("dragover", onDragOver);
      document.removeEventListener("drop", onDrop);
    };
  }, [pageDrops]);

  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const files = clipboardFiles(event.clipboardData);
    if (files.length === 0) return;
    // Else the browser pastes the file's name as text.
    event.preventDefault();
    addFiles(files);
  };
  const onDragOver = (event: ReactDragEvent<HTMLElement>) => {
    if (isFileDrag(event)) event.preventDefault();
  };
  const onDrop = (event: ReactDragEvent<HTMLElement>) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    const files = [...event.dataTransfer.files];
    if (files.length > 0) addFiles(files);
  };
  return { addFiles, onPaste, onDragOver, onDrop };
}

/** The attach button: a file input behind a button, several files at once. */
export function AttachButton({ onFiles }: { onFiles: (files: readonly File[]) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Attach files"
        title="Attach files"
        onClick={() => inputRef.current?.click()}
      >
        <Icon name="paperclip" size={18} />
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="compose-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so picking the same file again fires `change` again.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** Each upload of the box with its progress and a cancel button, and the last upload error. */
export function ComposeUploads({ composeKey }: { composeKey: string }) {
  const items = useUploads(composeKey);
  const error = useUploadError(composeKey);
  if (items.length === 0 && error === undefined) return null;
  return (
    <div className="compose-uploads">
      {items.map((item) => (
        <div key={item.id} className="compose-upload">
          <span className="compose-upload-name">Uploading {item.name}…</span>
          <progress
            value={item.loaded}
            max={item.total > 0 ? item.total : 1}
            aria-label={`Upload of ${item.name}`}
          />
          <button
            type="button"
            className="button"
            onClick={() => {
              uploads.cancel(item.id);
            }}
          >
            Cancel
          </button>
        </div>
      ))}
      {error !== undefined && (
        <div className="compose-upload-error" role="alert">
          <span>{error}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => {
              uploads.dismissError(composeKey);
            }}
          >
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>
  );
}
