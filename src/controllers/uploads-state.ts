import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createStore, type StoreApi } from "zustand/vanilla";

/** One file on its way to the server from a compose box. */
export interface UploadItem {
  readonly id: number;
  /** The compose box it came from (its narrow's key, as drafts are kept). */
  readonly composeKey: string;
  readonly name: string;
  /** Zulip's `[Uploading name…]()`, where the link will go in the draft. */
  readonly placeholder: string;
  readonly loaded: number;
  readonly total: number;
}

/** Uploads in progress and the last upload error, per compose box. */
export interface UploadsState {
  readonly uploads: readonly UploadItem[];
  /** By compose key: why the last file could not be uploaded, until dismissed. */
  readonly errors: Readonly<Record<string, string>>;
  /** The organisation's limit (register's `max_file_upload_size_mib`); undefined when unknown. */
  readonly maxFileUploadSizeMib: number | undefined;
}

/** A store of uploads (one for the app; tests make their own). */
export function createUploadsStore(): StoreApi<UploadsState> {
  return createStore<UploadsState>()(() => ({
    uploads: [],
    errors: {},
    maxFileUploadSizeMib: undefined,
  }));
}

/** The app's uploads. */
export const uploadsStore = createUploadsStore();

/** The uploads in progress from one compose box, oldest first. */
export function useUploads(composeKey: string): readonly UploadItem[] {
  return useStore(
    uploadsStore,
    useShallow((state) => state.uploads.filter((upload) => upload.composeKey === composeKey)),
  );
}

/** The last upload error of one compose box, if any. */
export function useUploadError(composeKey: string): string | undefined {
  return useStore(uploadsStore, (state) => state.errors[composeKey]);
}
