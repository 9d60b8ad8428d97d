// The options each content typeahead offers, and the Markdown each one inserts. Pure: the data
// comes in as arguments (users, groups, streams, topics, emoji), so the rules are unit-tested.
import { MAX_OPTIONS, rankMatches } from "./match";

/** What is drawn before an option's label. Image URLs are checked where they are rendered. */
export type OptionIcon =
  | { readonly kind: "user" }
  | { readonly kind: "group" }
  | { readonly kind: "stream"; readonly isPrivate: boolean }
  | { readonly kind: "topic" }
  | { readonly kind: "unicode"; readonly code: string; readonly text: string }
  | { readonly kind: "image"; readonly url: string };

/** One line of a typeahead list. */
export interface TypeaheadOption {
  /** Unique within one list. */
  readonly key: string;
  readonly label: string;
  /** A second, quieter line part: an email, an alias. */
  readonly detail: string | null;
  /** What replaces the typed trigger in the message. */
  readonly insert: string;
  readonly icon: OptionIcon;
}

/** The user fields the mention typeahead reads (a `User` from the API fits). */
export interface MentionUser {
  readonly user_id: number;
  readonly full_name: string;
  readonly email: string;
  readonly is_active?: boolean | undefined;
}

/** The group fields the mention typeahead reads (a `UserGroup` fits). */
export interface MentionGroup {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly is_system_group: boolean;
}

type MentionCandidate =
  | { readonly type: "user"; readonly user: MentionUser }
  | { readonly type: "group"; readonly group: MentionGroup };

function mentionNames(candidate: MentionCandidate): readonly string[] {
  return candidate.type === "user"
    ? [candidate.user.full_name, candidate.user.email]
    : [candidate.group.name];
}

/**
 * `@` options: active users (by name, then email) and user groups (system groups left out).
 * Users insert `@**Full Name**`, or `@**Full Name|id**` when someone else has the same name, so
 * the mention always resolves to the chosen person; groups `@*name*`; silent ones start `@_`.
 */
export function mentionOptions(
  query: string,
  silent: boolean,
  users: readonly MentionUser[],
  groups: readonly MentionGroup[],
): TypeaheadOption[] {
  const nameCounts = new Map<string, number>();
  for (const user of users) {
    const key = user.full_name.toLowerCase();
    nameCounts.set(key, (nameCounts.get(key) ?? 0) + 1);
  }
  const candidates: MentionCandidate[] = [
    ...users
      .filter((user) => user.is_active !== false)
      .map((user) => ({ type: "user" as const, user })),
    ...groups
      .filter((group) => !group.is_system_group)
      .map((group) => ({ type: "group" as const, group })),
  ];
  const at = silent ? "@_" : "@";
  return rankMatches(query, candidates, mentionNames).map((candidate): TypeaheadOption => {
    if (candidate.type === "group") {
      const { group } = candidate;
      return {
        key: `group:${group.id}`,
        label: group.name,
        detail: group.description === "" ? "Group" : group.description,
        insert: `${at}*${group.name}*`,
        icon: { kind: "group" },
      };
    }
    const { user } = candidate;
    const isAmbiguous = (nameCounts.get(user.full_name.toLowerCase()) ?? 0) > 1;
    const name = isAmbiguous ? `${user.full_name}|${user.user_id}` : user.full_name;
    return {
      key: `user:${user.user_id}`,
      label: user.full_name,
      detail: user.email,
      insert: `${at}**${name}**`,
      icon: { kind: "user" },
    };
  });
}

/** The stream fields the stream typeahead reads (a `Subscription` or `Stream` fits). */
export interface LinkableStream {
  readonly stream_id: number;
  readonly name: string;
  readonly invite_only: boolean;
}

/** `#` options: streams by name, in the caller's order on ties; each inserts `#**name**`. */
export function streamOptions(
  query: string,
  streams: readonly LinkableStream[],
): TypeaheadOption[] {
  return rankMatches(query, streams, (stream) => [stream.name]).map((stream) => ({
    key: `stream:${stream.stream_id}`,
    label: stream.name,
    detail: null,
    insert: `#**${stream.name}**`,
    icon: { kind: "stream", isPrivate: stream.invite_only },
  }));
}

/** `#stream>` options: the stream's topics (newest first on ties), inserting `#**stream>topic**`. */
export function topicOptions(
  query: string,
  streamName: string,
  topics: readonly { readonly name: string }[],
): TypeaheadOption[] {
  return rankMatches(query, topics, (topic) => [topic.name]).map((topic) => ({
    key: `topic:${topic.name}`,
    label: topic.name,
    detail: streamName,
    insert: `#**${streamName}>${topic.name}**`,
    icon: { kind: "topic" },
  }));
}

/** The custom-emoji fields the emoji typeahead reads (a `RealmEmoji` fits). */
export interface CustomEmoji {
  readonly id: string;
  readonly name: string;
  readonly source_url: string;
  readonly deactivated: boolean;
}

/** The text of a Unicode emoji from its code points (`1f44d`, `1f468-200d-1f469`). */
export function emojiText(code: string): string {
  const points = code.split("-").map((part) => Number.parseInt(part, 16));
  return points.every((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff)
    ? String.fromCodePoint(...points)
    : "";
}

type EmojiCandidate =
  | { readonly type: "custom"; readonly emoji: CustomEmoji }
  | { readonly type: "unicode"; readonly code: string; readonly names: readonly string[] };

/**
 * `:` options: the organisation's active custom emoji, then Unicode emoji (by canonical name,
 * then aliases). A custom emoji hides the Unicode one of the same name, as on the server.
 */
export function emojiOptions(
  query: string,
  customEmoji: readonly CustomEmoji[],
  unicodeEmoji: readonly (readonly [code: string, ...names: string[]])[],
): TypeaheadOption[] {
  const active = customEmoji.filter((emoji) => !emoji.deactivated);
  const customNames = new Set(active.map((emoji) => emoji.name));
  const candidates: EmojiCandidate[] = [
    ...active.map((emoji) => ({ type: "custom" as const, emoji })),
    ...unicodeEmoji.flatMap(([code, ...names]) => {
      const visible = names.filter((name) => !customNames.has(name));
      return visible.length === 0 ? [] : [{ type: "unicode" as const, code, names: visible }];
    }),
  ];
  const namesOf = (candidate: EmojiCandidate) =>
    candidate.type === "custom" ? [candidate.emoji.name] : candidate.names;
  return rankMatches(query, candidates, namesOf, MAX_OPTIONS).map((candidate) => {
    if (candidate.type === "custom") {
      const { emoji } = candidate;
      return {
        key: `custom:${emoji.id}`,
        label: `:${emoji.name}:`,
        detail: "Custom emoji",
        insert: `:${emoji.name}:`,
        icon: { kind: "image", url: emoji.source_url },
      };
    }
    const [name = "", ...aliases] = candidate.names;
    return {
      key: `unicode:${candidate.code}`,
      label: `:${name}:`,
      detail: aliases.length === 0 ? null : aliases.map((alias) => `:${alias}:`).join(" "),
      insert: `:${name}:`,
      icon: { kind: "unicode", code: candidate.code, text: emojiText(candidate.code) },
    };
  });
}
