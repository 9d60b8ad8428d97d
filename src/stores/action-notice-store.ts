import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

/** What a message action reports beside its message: a failure, or a short confirmation. */
export interface ActionNotice {
  readonly messageId: number;
  readonly kind: "error" | "info";
  readonly text: string;
  /** Increases with every report, so the same notice twice still shows again. */
  readonly sequence: number;
}

interface ActionNoticeState {
  readonly notice: ActionNotice | null;
}

/** The last notice of a message action; one at a time (a newer one replaces an older one). */
const actionNoticeStore = createStore<ActionNoticeState>()(() => ({ notice: null }));

function report(messageId: number, kind: ActionNotice["kind"], text: string): void {
  const sequence = (actionNoticeStore.getState().notice?.sequence ?? 0) + 1;
  actionNoticeStore.setState({ notice: { messageId, kind, text, sequence } });
}

/** Shows `text` as the error of an action (star, reaction…) on message `messageId`. */
export function reportActionError(messageId: number, text: string): void {
  report(messageId, "error", text);
}

/** Shows a short confirmation ("Link copied") beside message `messageId`. */
export function reportActionInfo(messageId: number, text: string): void {
  report(messageId, "info", text);
}

/** Hides the notice `sequence` (dismissed, or timed out); a newer one stays. */
export function dismissActionNotice(sequence: number): void {
  if (actionNoticeStore.getState().notice?.sequence !== sequence) return;
  actionNoticeStore.setState({ notice: null });
}

/** The notice of the last message action, whichever message it was about. */
export function useActionNotice(): ActionNotice | null {
  return useStore(actionNoticeStore, (state) => state.notice);
}
