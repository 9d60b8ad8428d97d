import type { StoreApi } from "zustand/vanilla";
import { ApiError } from "../api/errors";
import { uploadFile, type UploadedFile } from "../api/uploads";
import { errorText } from "../lib/error-text";
import { draftsStore, type DraftsState } from "../stores/drafts-store";
import { sessionStore } from "../stores/session-store";
import { uploadsStore, type UploadItem, type UploadsState } from "./uploads-state";

/** What the uploads controller uses; injectable for tests. */
export interface UploadsDeps {
  readonly store: StoreApi<UploadsState>;
  readonly drafts: StoreApi<DraftsState>;
  readonly upload: (
    file: File,
    onProgress: (loaded: number, total: number) => void,
    signal: AbortSignal,
  ) => Promise<UploadedFile>;
}

/**
 * A compose box whose text is not a draft (a message's edit box): the controller reads and
 * writes its content through this while it is open.
 */
interface UploadBox {
  read(): string;
  write(content: string): void;
}

/** Starts, follows and cancels the uploads of the compose boxes. */
export interface UploadsController {
  /**
   * Checks `files` against the organisation's limit and starts uploading those that fit from
   * the compose box `composeKey`. Returns the text to insert where the cursor is: Zulip's
   * placeholder `[Uploading name…]()` on a line of its own per file started ("" for none). When
   * a file is done its placeholder in that box's draft becomes `[name](url)`; when it fails or is
   * cancelled the placeholder goes, and a failure is kept as the box's error (nothing else of
   * the draft changes). A file over the limit is not sent at all.
   */
  start(composeKey: string, files: readonly File[]): string;
  /** Stops upload `id` and takes its placeholder out of the draft. */
  cancel(id: number): void;
  /**
   * Makes `composeKey` a box whose content is `box`'s, not a draft's (an edit box), until the
   * returned function is called: that cancels the box's uploads still running (the box and its
   * placeholders are gone) and forgets it.
   */
  openBox(composeKey: string, box: UploadBox): () => void;
  /** Hides the upload error of a compose box. */
  dismissError(composeKey: string): void;
  /** The organisation's limit from a register snapshot (`max_file_upload_size_mib`). */
  limitReceived(maxFileUploadSizeMib: number | undefined): void;
}

/** Zulip's placeholder while a file uploads (web/src/upload.ts `get_translated_status`). */
export function uploadPlaceholder(name: string): string {
  return `[Uploading ${name}…]()`;
}

/**
 * The Markdown link of an upload, as Zulip's web app writes it: the file's name as the server
 * stored it (the URL's last segment), brackets left out so the link text cannot end early.
 */
export function uploadLink(upload: UploadedFile): string {
  const lastSegment = upload.url.split("/").at(-1) ?? upload.filename;
  let name = upload.filename;
  try {
    name = decodeURIComponent(lastSegment);
  } catch {
    // A segment that is not valid percent-encoding: the server's own name instead.
  }
  return `[${name.replaceAll("[", "").replaceAll("]", "")}](${upload.url})`;
}

/** Why `file` may not be sent, or undefined when it may. */
function sizeProblem(file: File, maxMib: number | undefined): string | undefined {
  if (maxMib === undefined) return undefined;
  if (maxMib === 0) return "File and image uploads have been disabled for this organization.";
  if (file.size > maxMib * 1024 * 1024) {
    return `“${file.name}” exceeds the maximum file size for attachments (${String(maxMib)} MB).`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  return undefined;
}

/** The message of a failed upload, with the server's reason when it gave one. */
function failureText(name: string, error: unknown): string {
  const reason = error instanceof ApiError ? error.msg : errorText(error);
  return `Couldn't upload “${name}”: ${reason}`;
}

/** `content` with `placeholder` replaced by `text` (or `text` added); undefined for no change. */
function replacePlaceholder(
  content: string,
  placeholder: string,
  text: string,
): string | undefined {
  // A placeholder removed takes its line break along (it was inserted on a line of its own).
  const target =
    text === "" && content.includes(`${placeholder}\n`) ? `${placeholder}\n` : placeholder;
  if (content.includes(target)) return content.replace(target, () => text);
  if (text === "") return undefined;
  return `${content}${content.endsWith("\n") || content === "" ? "" : "\n"}${text}`;
}

/** The draft of `composeKey` with `placeholder` replaced by `text` (or `text` added). */
function replaceInDraft(
  drafts: StoreApi<DraftsState>,
  composeKey: string,
  placeholder: string,
  text: string,
): void {
  const draft = drafts.getState().drafts[composeKey];
  // No draft: the box was emptied or sent meanwhile; the file stays in "Your uploaded files".
  if (draft === undefined) return;
  const next = replacePlaceholder(draft.content, placeholder, text);
  if (next !== undefined) {
    drafts.getState().draftChanged(composeKey, { topic: draft.topic, content: next });
  }
}

/** An uploads controller over `deps` (the app's is `uploads`). */
export function createUploadsController(deps: UploadsDeps): UploadsController {
  const { store } = deps;
  const controllers = new Map<number, AbortController>();
  const boxes = new Map<string, UploadBox>();
  let nextId = 1;

  const update = (id: number, change: Partial<UploadItem>) => {
    store.setState((state) => ({
      uploads: state.uploads.map((upload) =>
        upload.id === id ? { ...upload, ...change } : upload,
      ),
    }));
  };
  const finish = (item: UploadItem, text: string, error?: string) => {
    controllers.delete(item.id);
    store.setState((state) => ({
      uploads: state.uploads.filter((upload) => upload.id !== item.id),
      errors: error === undefined ? state.errors : { ...state.errors, [item.composeKey]: error },
    }));
    const box = boxes.get(item.composeKey);
    if (box === undefined) {
      replaceInDraft(deps.drafts, item.composeKey, item.placeholder, text);
      return;
    }
    const next = replacePlaceholder(box.read(), item.placeholder, text);
    if (next !== undefined) box.write(next);
  };

  const run = async (item: UploadItem, file: File, signal: AbortSignal) => {
    try {
      const uploaded = await deps.upload(
        file,
        (loaded, total) => {
          update(item.id, { loaded, total });
        },
        signal,
      );
      finish(item, uploadLink(uploaded));
    } catch (error) {
      // A cancel already took the upload and its placeholder away.
      if (!signal.aborted) finish(item, "", failureText(item.name, error));
    }
  };

  const startOne = (composeKey: string, file: File): string | undefined => {
    const problem = sizeProblem(file, store.getState().maxFileUploadSizeMib);
    if (problem !== undefined) {
      store.setState((state) => ({ errors: { ...state.errors, [composeKey]: problem } }));
      return undefined;
    }
    const item: UploadItem = {
      id: nextId++,
      composeKey,
      name: file.name,
      placeholder: uploadPlaceholder(file.name),
      loaded: 0,
      total: file.size,
    };
    const controller = new AbortController();
    controllers.set(item.id, controller);
    store.setState((state) => ({ uploads: [...state.uploads, item] }));
    void run(item, file, controller.signal);
    return item.placeholder;
  };

  const cancel = (id: number) => {
    const item = store.getState().uploads.find((upload) => upload.id === id);
    if (item === undefined) return;
    controllers.get(id)?.abort(new DOMException("Upload cancelled", "AbortError"));
    finish(item, "");
  };

  return {
    start: (composeKey, files) => {
      if (files.length > 0) {
        store.setState((state) => ({ errors: withoutKey(state.errors, composeKey) }));
      }
      const placeholders = files.flatMap((file) => startOne(composeKey, file) ?? []);
      return placeholders.map((placeholder) => `${placeholder}\n`).join("");
    },
    cancel,
    openBox: (composeKey, box) => {
      boxes.set(composeKey, box);
      return () => {
        if (boxes.get(composeKey) !== box) return;
        boxes.delete(composeKey);
        for (const item of store.getState().uploads) {
          if (item.composeKey === composeKey) cancel(item.id);
        }
        store.setState((state) => ({ errors: withoutKey(state.errors, composeKey) }));
      };
    },
    dismissError: (composeKey) => {
      store.setState((state) => ({ errors: withoutKey(state.errors, composeKey) }));
    },
    limitReceived: (maxFileUploadSizeMib) => {
      store.setState({ maxFileUploadSizeMib });
    },
  };
}

function withoutKey(
  record: Readonly<Record<string, string>>,
  key: string,
): Readonly<Record<string, string>> {
  if (!(key in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([each]) => each !== key));
}

/** The app's uploads, sent with the session's client, their links written into the drafts. */
export const uploads: UploadsController = createUploadsController({
  store: uploadsStore,
  drafts: draftsStore,
  upload: (file, onProgress, signal) =>
    uploadFile(sessionStore.getState().client, file, file.name, { onProgress, signal }),
});
