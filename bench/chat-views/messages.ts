// The bench page's data: one stream holding 100,000 messages shaped like a busy team's history
// (conversations hopping between topics, runs by one sender, days passing, replies of every
// length, code, lists, quotes, mentions, some reactions, edits and stars), as the server renders
// them. Deterministic (a seeded generator), so every run shows the same list.
import type { Message } from "../../common/wire/message";
import type { Subscription } from "../../common/wire/streams";
import type { User } from "../../common/wire/users";
import * as eg from "../../src/test/example-data";

/** The stream every message is in. */
export const BENCH_STREAM = { stream_id: 12, name: "general" } as const;

const NAMES = [
  "Iago",
  "King Hamlet",
  "Othello, the Moor of Venice",
  "Cordelia, Lear's daughter",
  "Prospero from The Tempest",
  "Rosalind",
  "Horatio",
  "Viola",
  "Desdemona",
  "Polonius",
];

/** Ten users; the first is "self". No avatar URLs: rows show the initials fallback. */
export const BENCH_USERS: User[] = NAMES.map((full_name, index) =>
  eg.user({
    user_id: 10 + index,
    full_name,
    email: `${(full_name.split(/[ ,]/)[0] ?? "user").toLowerCase()}@parley.test`,
    role: index === 0 ? 200 : 400,
    is_admin: index === 0,
  }),
);

export const BENCH_SUBSCRIPTIONS: Subscription[] = [
  eg.subscription({ ...BENCH_STREAM, description: "Everyone", color: "#76ce90" }),
];

/** mulberry32: small, fast and good enough to vary message shapes. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const TOPIC_WORDS = ["release plan", "lunch", "code review", "incident", "design sync", "hiring"];

const SENTENCE =
  "The long-poll fix landed, the queue survives restarts now, and the numbers look good " +
  "on the staging server; we still need someone to double-check the migration before Friday.";

/** Message HTML of the kinds the server's renderer produces, picked by `roll` (0–1). */
function content(id: number, roll: number, mention: User | undefined): string {
  if (roll < 0.35) return `<p>Sounds good, thanks! (${id})</p>`;
  if (roll < 0.6) return `<p>${SENTENCE} Ref ${id}.</p>`;
  if (roll < 0.7) return `<p>${SENTENCE}</p><p>Second thought on ${id}: ${SENTENCE}</p>`;
  if (roll < 0.78) {
    return (
      `<p>Try this (${id}):</p><div class="codehilite" data-code-language="TypeScript"><pre>` +
      `<span></span><code>export function retry(attempt: number): number {\n` +
      `  return Math.min(30_000, 500 * 2 ** attempt);\n}\n</code></pre></div>`
    );
  }
  if (roll < 0.86) {
    return `<p>Plan for ${id}:</p><ul><li>cut the branch</li><li>write the changelog</li><li>ship</li></ul>`;
  }
  if (roll < 0.92) {
    return `<blockquote><p>${SENTENCE}</p></blockquote><p>Agreed (${id}).</p>`;
  }
  const who = mention ?? BENCH_USERS[1];
  return (
    `<p><span class="user-mention" data-user-id="${who?.user_id ?? 11}">@${who?.full_name ?? ""}` +
    `</span> could you look at <a href="https://example.com/issues/${id}">issue ${id}</a>?</p>`
  );
}

/** `count` messages with ids 1…count, oldest first, ending about now. */
export function benchMessages(count: number, seed = 6): Message[] {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T | undefined =>
    items[Math.floor(random() * items.length)];
  const messages: Message[] = [];
  let timestamp = Math.floor(Date.now() / 1000) - count * 300;
  let topic = "welcome";
  let sender = BENCH_USERS[1] ?? eg.hamlet;
  for (let id = 1; id <= count; id++) {
    if (random() < 0.08) topic = `${pick(TOPIC_WORDS) ?? "chat"} ${Math.floor(random() * 400)}`;
    if (random() < 0.45) sender = pick(BENCH_USERS) ?? sender;
    // Mostly minutes apart (grouping), sometimes hours (a new day now and then).
    timestamp += random() < 0.9 ? Math.floor(random() * 240) : Math.floor(random() * 20_000);
    const roll = random();
    messages.push(
      eg.streamMessage({
        id,
        subject: topic,
        display_recipient: BENCH_STREAM.name,
        stream_id: BENCH_STREAM.stream_id,
        sender_id: sender.user_id,
        sender_email: sender.email,
        sender_full_name: sender.full_name,
        timestamp,
        content: content(id, roll, pick(BENCH_USERS)),
        flags: roll > 0.98 ? ["read", "starred"] : ["read"],
        reactions:
          roll > 0.93
            ? [
                {
                  emoji_name: "+1",
                  emoji_code: "1f44d",
                  reaction_type: "unicode_emoji",
                  user_id: 11,
                },
              ]
            : [],
        ...(roll > 0.3 && roll < 0.32 ? { last_edit_timestamp: timestamp + 60 } : {}),
      }),
    );
  }
  return messages;
}
