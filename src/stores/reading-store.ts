import { createStore } from "zustand/vanilla";
import { narrowKey, type Narrow } from "../lib/narrow";

interface ReadingState {
  /** The narrow (key) in which the user marked messages unread; it must not re-read them. */
  readonly pausedNarrowKey: string | null;
}

const readingStore = createStore<ReadingState>()(() => ({ pausedNarrowKey: null }));

/**
 * Whether mark-as-read-on-scroll should hold off in this narrow: the user just marked messages
 * here unread, and reading them again at once would undo it (Zulip's web app does the same
 * until the user leaves the view). The message list calls `resumeReading` when it closes.
 */
export function isReadingPaused(narrow: Narrow): boolean {
  return readingStore.getState().pausedNarrowKey === narrowKey(narrow);
}

/** Holds mark-as-read-on-scroll off in this narrow (the user marked messages here unread). */
export function pauseReading(narrow: Narrow): void {
  readingStore.setState({ pausedNarrowKey: narrowKey(narrow) });
}

/** Lets mark-as-read-on-scroll work again (call when leaving the narrow). */
export function resumeReading(): void {
  readingStore.setState({ pausedNarrowKey: null });
}
