/**
 * A generated message history for the demo organisation: deterministic (seeded PRNG), spread
 * over months, across streams, topics, direct and group conversations. Pure data; `bulk.ts`
 * writes it.
 */

/** mulberry32: a small deterministic PRNG, so every fresh demo database is the same. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HistoryStream {
  id: number;
  name: string;
  topics: readonly string[];
  subscriberIds: readonly number[];
}

export interface HistoryUser {
  id: number;
  fullName: string;
}

type GeneratedTarget =
  { kind: "stream"; streamId: number; topic: string } | { kind: "direct"; userIds: number[] };

export interface GeneratedMessage {
  senderId: number;
  target: GeneratedTarget;
  content: string;
  /** Unix seconds; increasing with the message order. */
  timestamp: number;
  /** Users mentioned by name in the content. */
  mentionedIds: number[];
}

export const OPENERS = [
  "I think",
  "Quick note:",
  "Heads up:",
  "Honestly,",
  "For the record,",
  "Just checked and",
  "FYI",
  "Agreed,",
  "Not sure, but",
  "Good point —",
  "Following up:",
  "Small thing:",
];
export const SUBJECTS = [
  "the release",
  "the long-poll loop",
  "our onboarding doc",
  "the event queue",
  "the new design",
  "lunch",
  "the budget",
  "the migration",
  "the test suite",
  "the dashboard",
  "the roadmap",
  "the offsite",
  "the API docs",
  "the search box",
  "dark mode",
  "the unread counts",
];
export const PREDICATES = [
  "looks good to me.",
  "needs another pass.",
  "is ready for review.",
  "should ship this week.",
  "broke on Friday, fixed now.",
  "could use a second pair of eyes.",
  "is blocked on the server change.",
  "made everyone happy.",
  "is faster than before.",
  "deserves a celebration.",
  "has a few open questions.",
  "is on the agenda for Monday.",
];
const EXTRAS = [
  "",
  "",
  "",
  "",
  " See `src/events/event-machine.ts` for details.",
  " **Important:** please read before Thursday.",
  " Notes are at https://example.org/notes.",
  " :tada:",
  " Thoughts?",
  "\n\n> Quoting the plan: keep it simple.",
  " It's tracked as #123.",
  "\n\n- first item\n- second item",
];

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

export interface HistoryOptions {
  count: number;
  /** Share of direct and group messages (0–1). */
  directShare: number;
  startTime: number;
  endTime: number;
  seed: number;
}

/** Generates `count` messages in time order over the given streams and users. */
export function generateHistory(
  streams: readonly HistoryStream[],
  users: readonly HistoryUser[],
  options: HistoryOptions,
): GeneratedMessage[] {
  const random = createRandom(options.seed);
  const messages: GeneratedMessage[] = [];
  const span = options.endTime - options.startTime;
  const byId = new Map(users.map((u) => [u.id, u]));
  for (let index = 0; index < options.count; index++) {
    // Denser towards the present, as real chat histories are.
    const timestamp =
      options.startTime + Math.floor(span * Math.sqrt((index + random()) / options.count));
    const isDirect = random() < options.directShare;
    let senderId: number;
    let target: GeneratedTarget;
    if (isDirect) {
      senderId = pick(random, users).id;
      const others = 1 + (random() < 0.3 ? 1 + Math.floor(random() * 2) : 0);
      const ids = new Set([senderId]);
      while (ids.size < others + 1 && ids.size < users.length) ids.add(pick(random, users).id);
      target = { kind: "direct", userIds: [...ids].filter((id) => id !== senderId) };
    } else {
      const stream = pick(random, streams);
      senderId = pick(random, stream.subscriberIds);
      target = { kind: "stream", streamId: stream.id, topic: pick(random, stream.topics) };
    }
    let content = `${pick(random, OPENERS)} ${pick(random, SUBJECTS)} ${pick(random, PREDICATES)}${pick(random, EXTRAS)}`;
    const mentionedIds: number[] = [];
    if (random() < 0.05) {
      const mentioned = byId.get(pick(random, users).id);
      if (mentioned && mentioned.id !== senderId) {
        content = `@**${mentioned.fullName}** ${content}`;
        mentionedIds.push(mentioned.id);
      }
    }
    messages.push({
      senderId,
      target,
      content,
      timestamp: Math.max(timestamp, messages.at(-1)?.timestamp ?? 0),
      mentionedIds,
    });
  }
  return messages;
}
