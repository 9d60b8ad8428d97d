/** The demo organisation's people and streams: also what e2e tests log in as. */
export const DEMO_DOMAIN = "parley.test";

export interface DemoUser {
  email: string;
  fullName: string;
  role: 100 | 200 | 300 | 400 | 600;
  isBot?: boolean;
  timezone?: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: `desdemona@${DEMO_DOMAIN}`, fullName: "Desdemona", role: 100, timezone: "Europe/Rome" },
  { email: `iago@${DEMO_DOMAIN}`, fullName: "Iago", role: 200, timezone: "Europe/Rome" },
  {
    email: `hamlet@${DEMO_DOMAIN}`,
    fullName: "King Hamlet",
    role: 400,
    timezone: "Europe/Copenhagen",
  },
  { email: `othello@${DEMO_DOMAIN}`, fullName: "Othello", role: 400, timezone: "Europe/Rome" },
  { email: `cordelia@${DEMO_DOMAIN}`, fullName: "Cordelia", role: 400, timezone: "Europe/London" },
  { email: `prospero@${DEMO_DOMAIN}`, fullName: "Prospero", role: 300, timezone: "Europe/Rome" },
  {
    email: `polonius@${DEMO_DOMAIN}`,
    fullName: "Polonius",
    role: 600,
    timezone: "Europe/Copenhagen",
  },
  { email: `welcome-bot@${DEMO_DOMAIN}`, fullName: "Welcome Bot", role: 400, isBot: true },
];

export interface DemoStream {
  name: string;
  description: string;
  inviteOnly: boolean;
  /** Emails (local parts) of the subscribers. */
  subscribers: readonly string[];
}

const EVERYONE = ["desdemona", "iago", "hamlet", "othello", "cordelia", "prospero", "welcome-bot"];

export const DEMO_STREAMS: readonly DemoStream[] = [
  {
    name: "general",
    description: "Everyone, everything.",
    inviteOnly: false,
    subscribers: [...EVERYONE, "polonius"],
  },
  {
    name: "engineering",
    description: "Building Parley.",
    inviteOnly: false,
    subscribers: ["iago", "hamlet", "othello", "prospero"],
  },
  {
    name: "random",
    description: "Anything goes.",
    inviteOnly: false,
    subscribers: ["desdemona", "hamlet", "cordelia", "othello"],
  },
  {
    name: "leadership",
    description: "Private: the people who run the place.",
    inviteOnly: true,
    subscribers: ["desdemona", "iago", "hamlet"],
  },
];

/** [sender local part, stream, topic, content] in the order they were sent. */
export const DEMO_STREAM_MESSAGES: readonly (readonly [string, string, string, string])[] = [
  [
    "welcome-bot",
    "general",
    "welcome",
    "Welcome to Parley! Pick a stream on the left and say hello.",
  ],
  ["desdemona", "general", "welcome", "Hello everyone, glad to have you here."],
  ["hamlet", "general", "welcome", "To chat, or not to chat: that is the question."],
  ["cordelia", "general", "lunch", "Anyone up for lunch at noon?"],
  ["othello", "general", "lunch", "Count me in."],
  ["iago", "general", "lunch", "Same place as last week?"],
  ["cordelia", "general", "lunch", "Yes, the one by the river."],
  ["iago", "engineering", "release plan", "The release branch is cut on Thursday."],
  ["prospero", "engineering", "release plan", "I will write the changelog."],
  ["hamlet", "engineering", "release plan", "The long-poll fix must land before that."],
  ["othello", "engineering", "code review", "Could someone look at the event queue change?"],
  ["iago", "engineering", "code review", "On it.\nLooks good, two small comments."],
  ["desdemona", "random", "books", "Reading a play about a Danish prince. Recommended."],
  ["hamlet", "random", "books", "I have opinions about that one."],
  ["cordelia", "random", "weather", "Sunny all week, apparently."],
  ["desdemona", "leadership", "budget", "Next year's budget draft is ready for review."],
  ["iago", "leadership", "budget", "Thanks, I'll go through it tonight."],
  ["hamlet", "leadership", "offsite", "Elsinore in spring?"],
];

/** [sender, recipients, content] direct messages (one recipient: one-to-one; several: a group). */
export const DEMO_DIRECT_MESSAGES: readonly (readonly [string, readonly string[], string])[] = [
  ["iago", ["othello"], "Do you have a minute later today?"],
  ["othello", ["iago"], "Sure, after three."],
  ["cordelia", ["hamlet", "desdemona"], "Shall we plan the team dinner?"],
  ["hamlet", ["cordelia", "desdemona"], "Friday works for me."],
];
