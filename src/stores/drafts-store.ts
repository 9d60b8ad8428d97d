import { z } from "zod";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  browserLocalStorage,
  readStoredJson,
  writeStoredJson,
  type KeyValueStorage,
} from "../lib/stored-json";
import type { StoreActions } from "./store-actions";

/** What the compose box held for one narrow. */
export interface Draft {
  readonly topic: string;
  readonly content: string;
  /** `Date.now()` of the last change; old drafts are dropped when read back. */
  readonly updatedAt: number;
}

/** Drafts older than this are not restored. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Per-narrow compose drafts of the logged-in user, persisted in `localStorage`. */
export interface DraftsState {
  /** The email the drafts belong to (and are stored under); null before a session. */
  readonly owner: string | null;
  /** By `narrowKey`. */
  readonly drafts: Readonly<Record<string, Draft>>;

  /** A session began: `owner`'s stored drafts replace whatever was held (unless already theirs). */
  sessionStarted(owner: string): void;
  /** The compose box changed; empty content removes the draft (a topic alone isn't worth keeping). */
  draftChanged(narrowKey: string, draft: { topic: string; content: string }): void;
  /** Sent or discarded. */
  draftCleared(narrowKey: string): void;
  /** Forget the drafts held (the stored copy stays). */
  reset(): void;
}

const draftSchema = z.object({ topic: z.string(), content: z.string(), updatedAt: z.number() });
const storedDraftsSchema = z.object({
  version: z.literal(1),
  drafts: z.record(z.string(), z.unknown()),
});

/** The storage key of a user's drafts. */
export function draftsStorageKey(owner: string): string {
  return `parley.drafts.${owner}`;
}

/** The stored drafts, each validated on its own; bad or old ones are dropped. Never throws. */
function readDrafts(
  storage: KeyValueStorage | undefined,
  owner: string,
  now: number,
): Record<string, Draft> {
  const stored = storedDraftsSchema.safeParse(readStoredJson(storage, draftsStorageKey(owner)));
  const drafts: Record<string, Draft> = {};
  if (!stored.success) return drafts;
  for (const [key, value] of Object.entries(stored.data.drafts)) {
    const draft = draftSchema.safeParse(value);
    if (draft.success && now - draft.data.updatedAt <= DRAFT_MAX_AGE_MS) drafts[key] = draft.data;
  }
  return drafts;
}

/** Options of `createDraftsStore`. */
export interface DraftsStoreOptions {
  storage?: KeyValueStorage | undefined;
  now?: (() => number) | undefined;
}

/** Creates a drafts store; the app uses `draftsStore`, tests make their own. */
export function createDraftsStore(options: DraftsStoreOptions = {}): StoreApi<DraftsState> {
  const { storage } = options;
  const now = options.now ?? Date.now;
  return createStore<DraftsState>()((set, get) => {
    const save = (drafts: Record<string, Draft>) => {
      const { owner } = get();
      set({ drafts });
      if (owner === null) return;
      const isEmpty = Object.keys(drafts).length === 0;
      writeStoredJson(
        storage,
        draftsStorageKey(owner),
        isEmpty ? undefined : { version: 1, drafts },
      );
    };
    return {
      owner: null,
      drafts: {},
      sessionStarted: (owner) => {
        if (get().owner === owner) return;
        set({ owner, drafts: readDrafts(storage, owner, now()) });
      },
      draftChanged: (narrowKey, { topic, content }) => {
        if (content.trim() === "") {
          get().draftCleared(narrowKey);
          return;
        }
        save({ ...get().drafts, [narrowKey]: { topic, content, updatedAt: now() } });
      },
      draftCleared: (narrowKey) => {
        if (!(narrowKey in get().drafts)) return;
        save(Object.fromEntries(Object.entries(get().drafts).filter(([key]) => key !== narrowKey)));
      },
      reset: () => {
        set({ owner: null, drafts: {} });
      },
    };
  });
}

/** The app's drafts, in `localStorage` by logged-in email. */
export const draftsStore = createDraftsStore({ storage: browserLocalStorage() });

/** The draft of one narrow (by `narrowKey`), for the compose box. */
export function useDraft(narrowKey: string): Draft | undefined {
  return useStore(draftsStore, (state) => state.drafts[narrowKey]);
}

/** Every draft by `narrowKey`, for the drafts view. */
export function useDrafts(): Readonly<Record<string, Draft>> {
  return useStore(draftsStore, (state) => state.drafts);
}

/** How many drafts there are, for the Views list. */
export function useDraftCount(): number {
  return useStore(draftsStore, (state) => Object.keys(state.drafts).length);
}

/** The drafts store's actions, for event handlers and code outside React (see `StoreActions`). */
export const draftsActions: StoreActions<DraftsState> = draftsStore.getInitialState();

/** The draft of one narrow now, for event handlers (components use `useDraft`). */
export function currentDraft(narrowKey: string): Draft | undefined {
  return draftsStore.getState().drafts[narrowKey];
}
