import { lazy, Suspense } from "react";
import { useShellStore, shellActions } from "./shell-store";

// The profile dialog and a person's card load the first time one opens, not with the app.
const ProfileDialog = lazy(() =>
  import("../users/profile-dialog").then((module) => ({ default: module.ProfileDialog })),
);
const UserCard = lazy(() =>
  import("../users/user-card").then((module) => ({ default: module.UserCard })),
);

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
      return (
        <Suspense fallback={null}>
          <ProfileDialog onClose={close} />
        </Suspense>
      );
    case "user":
      return (
        <Suspense fallback={null}>
          <UserCard key={dialog.userId} userId={dialog.userId} onClose={close} />
        </Suspense>
      );
    case "move":
      return (
        <Suspense fallback={null}>
          <MoveMessagesDialog target={dialog.target} onClose={close} />
        </Suspense>
      );
  }
}
