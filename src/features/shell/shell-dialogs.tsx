import { ShortcutsHelp } from "../shortcuts/shortcuts-help";
import { ProfileDialog } from "../users/profile-dialog";
import { UserCard } from "../users/user-card";
import { useShellStore, shellActions } from "./shell-store";

const close = () => {
  shellActions.closeDialog();
};

/** Whichever of the shell's dialogs is open. */
export function ShellDialogs() {
  const dialog = useShellStore((state) => state.dialog);
  if (dialog === null) return null;
  switch (dialog.kind) {
    case "help":
      return <ShortcutsHelp onClose={close} />;
    case "profile":
      return <ProfileDialog onClose={close} />;
    case "user":
      return <UserCard key={dialog.userId} userId={dialog.userId} onClose={close} />;
  }
}
