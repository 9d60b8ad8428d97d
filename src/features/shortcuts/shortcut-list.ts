/** One line of the help dialog. */
export interface ShortcutHelp {
  /** Keys, each shown in its own `<kbd>`; alternatives are separate entries of the list. */
  readonly keys: readonly (readonly string[])[];
  readonly description: string;
}

/** A titled group of shortcuts. */
export interface ShortcutSection {
  readonly title: string;
  readonly shortcuts: readonly ShortcutHelp[];
}

/** Every keyboard shortcut of the app, as the help dialog (`?`) lists them. */
export const SHORTCUT_SECTIONS: readonly ShortcutSection[] = [
  {
    title: "Anywhere",
    shortcuts: [
      { keys: [["c"]], description: "Compose a message in this view" },
      { keys: [["x"]], description: "New direct message" },
      { keys: [["/"], ["Ctrl", "K"]], description: "Search messages" },
      { keys: [["n"]], description: "Go to the next topic with unread messages" },
      { keys: [["p"]], description: "Go to the next direct conversation with unread messages" },
      { keys: [["q"]], description: "Go to the stream list" },
      { keys: [["w"]], description: "Filter users" },
      { keys: [["*"]], description: "Starred messages" },
      { keys: [["?"]], description: "Show these keyboard shortcuts" },
      { keys: [["Esc"]], description: "Close a dialog, menu or panel; leave a text box" },
    ],
  },
  {
    title: "Selected message",
    shortcuts: [
      { keys: [["j"], ["↓"]], description: "Select the next message" },
      { keys: [["k"], ["↑"]], description: "Select the previous message" },
      { keys: [["End"]], description: "Jump to the newest message" },
      { keys: [["r"]], description: "Reply in its conversation" },
      { keys: [["Shift", "R"]], description: "Reply to its sender directly" },
      { keys: [["i"]], description: "Open its actions menu" },
      { keys: [[":"]], description: "React with an emoji" },
      { keys: [["+"]], description: "Toggle your 👍" },
      { keys: [["s"]], description: "Star or unstar it" },
      { keys: [["e"]], description: "Edit it (your own)" },
    ],
  },
  {
    title: "Compose",
    shortcuts: [
      { keys: [["Enter"]], description: "Send (when “Enter sends” is on)" },
      { keys: [["Shift", "Enter"]], description: "New line (when “Enter sends” is on)" },
      {
        keys: [
          ["Ctrl", "Enter"],
          ["⌘", "Enter"],
        ],
        description: "Send, whatever the setting",
      },
      { keys: [["Tab"]], description: "Pick the highlighted suggestion" },
    ],
  },
];
