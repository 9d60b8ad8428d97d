import type { DemoSize } from "../config";

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
  {
    email: `rosalind@${DEMO_DOMAIN}`,
    fullName: "Rosalind",
    role: 400,
    timezone: "America/New_York",
  },
  { email: `horatio@${DEMO_DOMAIN}`, fullName: "Horatio", role: 400, timezone: "Asia/Kolkata" },
  { email: `viola@${DEMO_DOMAIN}`, fullName: "Viola", role: 400, timezone: "Australia/Sydney" },
  { email: `welcome-bot@${DEMO_DOMAIN}`, fullName: "Welcome Bot", role: 400, isBot: true },
];

export interface DemoStream {
  name: string;
  description: string;
  inviteOnly: boolean;
  /** Local parts of the subscribers' emails. */
  subscribers: readonly string[];
  /** The stream's topics; the generated history spreads over them (40 in all). */
  topics: readonly string[];
}

const EVERYONE = [
  "desdemona",
  "iago",
  "hamlet",
  "othello",
  "cordelia",
  "prospero",
  "rosalind",
  "horatio",
  "viola",
  "welcome-bot",
];

export const DEMO_STREAMS: readonly DemoStream[] = [
  {
    name: "general",
    description: "Everyone, everything.",
    inviteOnly: false,
    subscribers: [...EVERYONE, "polonius"],
    topics: ["welcome", "lunch", "office move", "weekly update", "kudos"],
  },
  {
    name: "engineering",
    description: "Building Parley.",
    inviteOnly: false,
    subscribers: ["iago", "hamlet", "othello", "prospero", "horatio"],
    topics: ["release plan", "code review", "ci flakes", "performance", "api design"],
  },
  {
    name: "random",
    description: "Anything goes.",
    inviteOnly: false,
    subscribers: ["desdemona", "hamlet", "cordelia", "othello", "viola", "rosalind"],
    topics: ["books", "weather", "music", "pets", "travel"],
  },
  {
    name: "leadership",
    description: "Private: the people who run the place.",
    inviteOnly: true,
    subscribers: ["desdemona", "iago", "hamlet"],
    topics: ["budget", "offsite", "hiring", "strategy", "board prep"],
  },
  {
    name: "design",
    description: "How Parley looks and feels.",
    inviteOnly: false,
    subscribers: ["cordelia", "desdemona", "rosalind", "hamlet", "viola"],
    topics: ["dark mode", "icons", "typography", "onboarding flow", "user research"],
  },
  {
    name: "support",
    description: "Helping the people who use Parley.",
    inviteOnly: false,
    subscribers: ["othello", "cordelia", "prospero", "horatio", "viola", "polonius"],
    topics: ["customer questions", "bug triage", "docs", "faq", "escalations"],
  },
  {
    name: "announcements",
    description: "News for everyone; low traffic.",
    inviteOnly: false,
    subscribers: [...EVERYONE, "polonius"],
    topics: ["releases", "policies", "events", "maintenance", "new people"],
  },
  {
    name: "board",
    description: "Private: board matters.",
    inviteOnly: true,
    subscribers: ["desdemona", "iago"],
    topics: ["quarterly review", "minutes", "audit", "compensation", "planning"],
  },
];

/**
 * How many messages the generated history holds, per `DEMO_SIZE`: `minimal` (the hand-written
 * conversations only) keeps unit tests fast and exact; `large` is for benchmarks.
 */
export const DEMO_HISTORY_SIZE: Readonly<Record<DemoSize, number>> = {
  minimal: 0,
  default: 3000,
  large: 100_000,
  huge: 1_000_000,
};

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

/**
 * The password of every demo person (bots have none), printed by `npm start`. Public on
 * purpose: the demo organisation is for trying Parley out, never for real data.
 */
export const DEMO_PASSWORD = "parley-demo";

/** [pattern, URL template] linkifiers of the demo organisation, in order. */
export const DEMO_LINKIFIERS: readonly (readonly [string, string])[] = [
  ["zulip#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/{id}"],
  ["RFC ?(?P<number>[0-9]+)", "https://www.rfc-editor.org/rfc/rfc{number}"],
  [
    "CVE-(?P<year>[0-9]{4})-(?P<sequence>[0-9]{4,7})",
    "https://www.cve.org/CVERecord?id=CVE-{year}-{sequence}",
  ],
];

/** [name, author local part] custom emoji; the image is `public/emoji/<name>.png`. */
export const DEMO_EMOJI: readonly (readonly [string, string])[] = [
  ["parley", "desdemona"],
  ["shipit", "iago"],
  ["rubber_duck", "hamlet"],
  ["coffee", "cordelia"],
  ["party_parrot", "othello"],
  ["hamlet_skull", "hamlet"],
];

export interface DemoUserGroup {
  name: string;
  description: string;
  /** Local parts of the members. */
  members: readonly string[];
}

export const DEMO_USER_GROUPS: readonly DemoUserGroup[] = [
  {
    name: "leadership",
    description: "The people who run the place.",
    members: ["desdemona", "iago", "hamlet"],
  },
  {
    name: "engineering",
    description: "Builders of Parley.",
    members: ["iago", "hamlet", "othello", "prospero"],
  },
  { name: "design", description: "Look and feel.", members: ["cordelia", "desdemona"] },
  {
    name: "support",
    description: "Helping our users.",
    members: ["othello", "cordelia", "prospero"],
  },
];
