import { ApiError, badRequest, invalidArgument, missingArgument } from "./errors";

/**
 * Parameters whose handlers check every character themselves, with Zulip's own messages
 * (`server/actions/validate.ts`: "Message must not contain null bytes", "Invalid character in
 * topic, at position N!", and the stream name and description checks of `subscriptions`).
 */
const CHECKED_BY_HANDLER: ReadonlySet<string> = new Set([
  "content",
  "topic",
  "subject",
  "subscriptions",
]);

/**
 * PostgreSQL cannot hold a NUL character in text, so a value with one would fail in the
 * database (a 500). Refused here instead, for every parameter and path segment, with the
 * message Zulip's printable-text check gives (`Invalid character in topic, at position 5!`).
 */
export function rejectNul(name: string, value: string): void {
  const index = value.indexOf("\0");
  if (index !== -1) throw badRequest(`Invalid character in ${name}, at position ${index + 1}!`);
}

/** `rejectNul` for every string inside a parsed JSON value. */
function rejectNulInJson(name: string, value: unknown): void {
  if (typeof value === "string") rejectNul(name, value);
  else if (Array.isArray(value)) for (const item of value) rejectNulInJson(name, item);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      rejectNul(name, key);
      rejectNulInJson(name, item);
    }
  }
}

/**
 * Request parameters read the Zulip way: from the body (urlencoded or multipart) first, then
 * the query string, for every method. Lists, objects, integers and booleans arrive JSON-encoded;
 * plain strings arrive raw. Every read is recorded so that unknown parameters can be echoed in
 * `ignored_parameters_unsupported`, as Zulip does.
 */
export class Params {
  private readonly used = new Set<string>();

  constructor(
    private readonly body: ReadonlyMap<string, string>,
    private readonly query: ReadonlyMap<string, string>,
  ) {}

  /** The raw value, or undefined when absent; a NUL character in it is refused. */
  raw(name: string): string | undefined {
    this.used.add(name);
    const value = this.body.get(name) ?? this.query.get(name);
    if (value !== undefined && !CHECKED_BY_HANDLER.has(name)) rejectNul(name, value);
    return value;
  }

  has(name: string): boolean {
    return this.body.has(name) || this.query.has(name);
  }

  /** Names the request sent that no handler read. */
  ignored(): string[] {
    const names = new Set([...this.body.keys(), ...this.query.keys()]);
    return [...names].filter((name) => !this.used.has(name)).sort();
  }

  string(name: string): string {
    const value = this.raw(name);
    if (value === undefined) throw missingArgument(name);
    return value;
  }

  optionalString(name: string): string | undefined {
    return this.raw(name);
  }

  /** A JSON-encoded value; its shape is checked by the caller. */
  optionalJson(name: string): unknown {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    return parseJsonArgument(name, value);
  }

  json(name: string): unknown {
    const value = this.optionalJson(name);
    if (value === undefined) throw missingArgument(name);
    return value;
  }

  optionalInt(name: string): number | undefined {
    const value = this.optionalJson(name);
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isSafeInteger(value)) {
      throw new ApiError(`${name} is not an integer`);
    }
    return value;
  }

  int(name: string): number {
    const value = this.optionalInt(name);
    if (value === undefined) throw missingArgument(name);
    return value;
  }

  optionalBool(name: string): boolean | undefined {
    const value = this.optionalJson(name);
    if (value === undefined) return undefined;
    if (typeof value !== "boolean") throw new ApiError(`${name} is not a boolean`);
    return value;
  }

  bool(name: string, fallback: boolean): boolean {
    return this.optionalBool(name) ?? fallback;
  }

  /** One of a fixed set of raw strings. */
  optionalChoice<T extends string>(name: string, choices: readonly T[]): T | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const found = choices.find((choice) => choice === value);
    if (found === undefined) throw invalidArgument(name, value);
    return found;
  }

  optionalStringList(name: string): string[] | undefined {
    const value = this.optionalJson(name);
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
      throw new ApiError(`${name} is not a list of strings`);
    }
    return value;
  }
}

/** A JSON-encoded parameter; a NUL character in any string of it (`"\u0000"`) is refused. */
export function parseJsonArgument(name: string, value: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value) as unknown;
  } catch {
    throw new ApiError(`Argument "${name}" is not valid JSON.`, { code: "INVALID_JSON" });
  }
  if (!CHECKED_BY_HANDLER.has(name)) rejectNulInJson(name, parsed);
  return parsed;
}

/** `topic`, or its older alias `subject`; both at once only if they agree. */
export function topicParam(params: Params): string | undefined {
  const topic = params.optionalString("topic");
  const subject = params.optionalString("subject");
  if (topic !== undefined && subject !== undefined && topic !== subject) {
    throw new ApiError("Can't decide between 'topic' and 'subject' arguments", {
      code: "REQUEST_CONFUSING_VAR",
    });
  }
  return topic ?? subject;
}
