import { lazy, Suspense } from "react";
import { ProfileDialog } from "../users/profile-dialog";
import { UserCard } from "../users/user-card";
import { useShellStore, shellActions } from "./shell-store";

// The shortcuts list (and its styles) loads the first time `?` opens it, not with the app.
const ShortcutsHelp = lazy(() =>
  import("../shortcuts/shortcuts-help").then((module) => ({ default: module.ShortcutsHelp })),
);

// The move dialog (and its styles) loads the first time one opens.
const MoveMessagesDialog = lazy(() =>
  import("../move-messages/move-messages-dialog").then((module) => ({
    default: module.MoveMessagesDialog,
  })),
);

const close = () => {
  shellActions.closeDialog();
};

/** Whichever of the shell's dialogs is open. */
export function ShellDialogs() {
  const dialog = useShellStore((state) => state.dialog);
  if (dialog === null) return null;
  switch (dialog.kind) {
    case "help":
      return (
        <Suspense fallback={null}>
          <ShortcutsHelp onClose={close} />
        </Suspense>
      );
    case "profile":
      return <ProfileDialog onClose={close} />;
    case "user":
      return <UserCard key={dialog.userId} userId={dialog.userId} onClose={close} />;
    case "move":
      return (
        <Suspense fallback={null}>
          <MoveMessagesDialog target={dialog.target} onClose={close} />
        </Suspense>
      );
  }
}
