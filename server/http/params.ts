import { ApiError, invalidArgument, missingArgument } from "./errors";

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

  /** The raw value, or undefined when absent. */
  raw(name: string): string | undefined {
    this.used.add(name);
    return this.body.get(name) ?? this.query.get(name);
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

export function parseJsonArgument(name: string, value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ApiError(`Argument "${name}" is not valid JSON.`, { code: "INVALID_JSON" });
  }
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
