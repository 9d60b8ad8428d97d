import { lazy, Suspense } from "react";
import { LazyMoveMessagesDialog } from "../move-messages/lazy-move-messages-dialog";
import { ProfileDialog } from "../users/profile-dialog";
import { UserCard } from "../users/user-card";
import { useShellStore, shellActions } from "./shell-store";

// The shortcuts list (and its styles) loads the first time `?` opens it, not with the app.
const ShortcutsHelp = lazy(() =>
  import("../shortcuts/shortcuts-help").then((module) => ({ default: module.ShortcutsHelp })),
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
      return <LazyMoveMessagesDialog target={dialog.target} onClose={close} />;
  }
}
