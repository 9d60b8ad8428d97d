import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { StoreActions } from "../../stores/store-actions";
import { isLeftDrawerOpenNow, uiActions } from "../../stores/ui-store";
import type { MoveTarget } from "../move-messages/move-placement";

/** The shell's own dialogs; at most one is open at a time. */
type ShellDialog =
  | { readonly kind: "help" }
  | { readonly kind: "profile" }
  | { readonly kind: "user"; readonly userId: number }
  | { readonly kind: "move"; readonly target: MoveTarget };

/**
 * State only the shell uses: which of its dialogs is open, and the right drawer on screens too
 * narrow for the right column (uiStore.isRightPanelOpen is the wide column's persisted choice;
 * a drawer must start closed whatever that choice was).
 */
export interface ShellState {
  readonly dialog: ShellDialog | null;
  readonly isRightDrawerOpen: boolean;
  openDialog(dialog: ShellDialog): void;
  closeDialog(): void;
  setRightDrawerOpen(isOpen: boolean): void;
}

/** The shell's store. */
export const shellStore = createStore<ShellState>()((set) => ({
  dialog: null,
  isRightDrawerOpen: false,
  openDialog: (dialog) => {
    set({ dialog });
  },
  closeDialog: () => {
    set({ dialog: null });
  },
  setRightDrawerOpen: (isOpen) => {
    set({ isRightDrawerOpen: isOpen });
  },
}));

/** Reads the shell store from React. */
export function useShellStore<T>(selector: (state: ShellState) => T): T {
  return useStore(shellStore, selector);
}

/** The shell store's actions, for event handlers and code outside React (see `StoreActions`). */
export const shellActions: StoreActions<ShellState> = shellStore.getInitialState();

/** Closes whichever drawer is open, the left (streams) or the right; false when none was. */
export function closeOpenDrawers(): boolean {
  if (!isLeftDrawerOpenNow() && !shellStore.getState().isRightDrawerOpen) return false;
  uiActions.setLeftDrawerOpen(false);
  shellActions.setRightDrawerOpen(false);
  return true;
}
