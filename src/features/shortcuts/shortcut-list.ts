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

/**
 * Every keyboard shortcut of the app, as the help dialog (`?`) lists them: Zulip's groups and
 * keys, for the features Parley has.
 */
export const SHORTCUT_SECTIONS: readonly ShortcutSection[] = [
  {
    title: "The basics",
    shortcuts: [
      { keys: [["r"], ["Enter"]], description: "Reply to the selected message" },
      { keys: [["c"]], description: "Compose a message in this view" },
      { keys: [["x"]], description: "New direct message" },
      { keys: [["j"], ["↓"]], description: "Select the next message" },
      { keys: [["k"], ["↑"]], description: "Select the previous message" },
      { keys: [["n"]], description: "Go to the next topic with unread messages" },
      { keys: [["p"]], description: "Go to the next direct conversation with unread messages" },
      { keys: [["?"]], description: "Show these keyboard shortcuts" },
      { keys: [["Esc"]], description: "Close a dialog, menu or panel; leave a text box" },
      {
        keys: [["Ctrl", "["]],
        description: "As Esc; with nothing left to close, go to your home view",
      },
    ],
  },
  {
    title: "Search",
    shortcuts: [
      { keys: [["/"], ["Ctrl", "K"]], description: "Search messages" },
      { keys: [["q"]], description: "Go to the stream list" },
      { keys: [["w"]], description: "Filter users" },
    ],
  },
  {
    title: "Scrolling",
    shortcuts: [
      { keys: [["End"], ["Shift", "G"]], description: "Jump to the newest message" },
      { keys: [["Home"]], description: "Jump to the oldest loaded message" },
      { keys: [["PgUp"], ["Shift", "K"]], description: "Scroll up a page" },
      { keys: [["PgDn"], ["Shift", "J"]], description: "Scroll down a page" },
    ],
  },
  {
    title: "Navigation",
    shortcuts: [
      {
        keys: [["Shift", "N"]],
        description: "Go to the next followed topic with unread messages",
      },
      { keys: [["Shift", "A"]], description: "Go to the previous stream" },
      { keys: [["Shift", "D"]], description: "Go to the next stream" },
      { keys: [["Shift", "I"]], description: "Go to the inbox" },
      { keys: [["t"]], description: "Go to recent conversations" },
      { keys: [["a"]], description: "Go to all messages" },
      { keys: [["*"]], description: "Starred messages" },
      { keys: [["d"]], description: "Go to the drafts, or back from them" },
      {
        keys: [["s"]],
        description: "Go to its topic or direct conversation; from a topic, its stream",
      },
      { keys: [["Shift", "P"]], description: "Go to the direct message feed" },
      { keys: [["z"]], description: "Open its conversation at it, leaving messages unread" },
      { keys: [["Alt", "←"]], description: "Go back through the views you saw" },
      { keys: [["Alt", "→"]], description: "Go forward through the views you saw" },
      { keys: [["Ctrl", "."]], description: "Go to the conversation you are composing to" },
    ],
  },
  {
    title: "Composing messages",
    shortcuts: [
      { keys: [["Shift", "R"]], description: "Reply to the sender directly" },
      { keys: [[">"]], description: "Quote the selected message in a reply" },
      { keys: [["@"]], description: "Reply mentioning its sender" },
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
      { keys: [["Alt", "P"]], description: "Show or hide the preview" },
      { keys: [["Ctrl", "B"]], description: "Bold" },
      { keys: [["Ctrl", "I"]], description: "Italic" },
      { keys: [["Ctrl", "Shift", "L"]], description: "Link" },
    ],
  },
  {
    title: "Message actions",
    shortcuts: [
      { keys: [["←"]], description: "Edit your last message in this view" },
      { keys: [["e"]], description: "Edit it (your own)" },
      { keys: [["u"]], description: "Show the sender's card" },
      { keys: [["Shift", "H"]], description: "View its edit history" },
      { keys: [["v"]], description: "View its image" },
      { keys: [["Ctrl", "S"]], description: "Star or unstar it" },
      { keys: [["+"]], description: "Toggle your thumbs up (:+1:)" },
      { keys: [["="]], description: "Toggle its first reaction" },
      { keys: [["Shift", "U"]], description: "Mark as unread from it" },
      { keys: [["-"]], description: "Collapse or expand it" },
      { keys: [["Shift", "M"]], description: "Mute or unmute its topic" },
      { keys: [["m"]], description: "Move this message and others in its topic" },
    ],
  },
  {
    title: "Menus",
    shortcuts: [
      { keys: [["i"]], description: "Open its actions menu" },
      { keys: [[":"]], description: "React with an emoji" },
      { keys: [["g"]], description: "Open or close your account menu" },
    ],
  },
  {
    title: "Views",
    shortcuts: [
      {
        keys: [["Shift", "M"]],
        description: "Inbox, recent conversations: mute or unmute the topic",
      },
      { keys: [["Backspace"]], description: "Drafts: delete the draft" },
    ],
  },
  {
    title: "Streams page",
    shortcuts: [
      { keys: [["↑"], ["↓"]], description: "Move between the streams (↑ from the first: filter)" },
      { keys: [["←"], ["→"]], description: "Switch All, Subscribed, Not subscribed" },
      { keys: [["n"]], description: "Create a stream" },
      { keys: [["Shift", "V"]], description: "View the stream's messages" },
      { keys: [["Shift", "S"]], description: "Subscribe or unsubscribe" },
    ],
  },
];
