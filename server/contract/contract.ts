import { expect } from "vitest";
import { ZulipOpenApi, type SchemaError } from "./openapi";

/**
 * A field where the spec (`../shared/spec/service-api.md`, which wins) and Zulip's OpenAPI
 * disagree. Before validation the field is removed from the response, or renamed to Zulip's
 * name with `renameTo`. `path` is dotted; `*` stands for every element of an array or every
 * value of an object (`messages.*.subject_links`).
 */
export interface Relaxation {
  path: string;
  why: string;
  renameTo?: string;
}

/**
 * The spec's message fields Zulip 9.0 no longer sends: `subject_links` (Zulip ≤ 2.1; now
 * `topic_links`) and `sender_short_name`, both in the spec's Message table.
 */
export function specMessageFields(at: string): Relaxation[] {
  return [
    { path: `${at}.subject_links`, why: "spec Message: subject_links (Zulip ≤ 2.1)" },
    { path: `${at}.sender_short_name`, why: "spec Message: sender_short_name" },
  ];
}

/**
 * Register's `server_thumbnail_formats`: Zulip 9.0's thumbnails (feature level 273), later than
 * the OpenAPI description these tests read (feature level 247).
 */
export const THUMBNAIL_FORMATS_LATER: Relaxation = {
  path: "server_thumbnail_formats",
  why: "Zulip 9.0 (feature level 273): server_thumbnail_formats",
};

/** Spec: a private message's `display_recipient` users carry `short_name`. */
export function specDisplayRecipient(at: string): Relaxation {
  return {
    path: `${at}.display_recipient.*.short_name`,
    why: "spec Message: display_recipient users have email, full_name, id, short_name",
  };
}

/** Spec: a custom emoji has `author: {id, email, full_name}` (Zulip 9.0: `author_id`). */
export function specEmojiAuthor(at: string): Relaxation {
  return { path: `${at}.*.author`, why: "spec Custom emoji: author {id, email, full_name}" };
}

type Json = unknown;

function relaxAt(node: Json, segments: readonly string[], relaxation: Relaxation): void {
  const [head, ...rest] = segments;
  if (head === undefined || typeof node !== "object" || node === null) return;
  if (head === "*") {
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) relaxAt(child, rest, relaxation);
    return;
  }
  if (Array.isArray(node)) return;
  // A JSON object of our own response, walked by key.
  const record = node as Record<string, unknown>;
  if (rest.length > 0) {
    relaxAt(record[head], rest, relaxation);
    return;
  }
  if (!Object.hasOwn(record, head)) return;
  const value = record[head];
  Reflect.deleteProperty(record, head);
  if (relaxation.renameTo !== undefined && !Object.hasOwn(record, relaxation.renameTo)) {
    record[relaxation.renameTo] = value;
  }
}

/** The body with every relaxation applied (the original is left alone). */
export function relaxed(body: unknown, relaxations: readonly Relaxation[]): unknown {
  const copy = structuredClone(body);
  for (const relaxation of relaxations) relaxAt(copy, relaxation.path.split("."), relaxation);
  return copy;
}

/** GET /events: the envelope, then each event against the alternatives for its type. */
function eventsErrors(body: unknown): SchemaError[] {
  if (
    typeof body !== "object" ||
    body === null ||
    !("events" in body) ||
    !Array.isArray(body.events)
  ) {
    return [{ path: "/events", message: "missing" }];
  }
  const events: unknown[] = body.events;
  return [
    ...openApi().validate("GET /events", 200, { ...body, events: [] }),
    ...openApi().validateEvents(events),
  ];
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

let shared: ZulipOpenApi | undefined;

/** The OpenAPI description, loaded once per test file. */
export function openApi(): ZulipOpenApi {
  shared ??= ZulipOpenApi.load();
  return shared;
}

/**
 * Asserts that `reply` has `status` and that its body fits what Zulip's OpenAPI documents for
 * `operation` at that status (after `relaxations`). A route this server does not have yet shows
 * up as such, not as a shape mismatch.
 */
export function expectContract(
  operation: string,
  reply: Reply,
  status: number,
  relaxations: readonly Relaxation[] = [],
): void {
  if (reply.status === 404 && reply.body["msg"] === "Not Found") {
    throw new Error(`${operation}: endpoint not served (404)`);
  }
  if (reply.status === 405 && status !== 405) {
    throw new Error(`${operation}: method not served (405)`);
  }
  expect(reply.status, `${operation}: ${JSON.stringify(reply.body)}`).toBe(status);
  const body = relaxed(reply.body, relaxations);
  const errors =
    operation === "GET /events" && status === 200
      ? eventsErrors(body)
      : openApi().validate(operation, status, body);
  expect(errors, `${operation} ${status} does not fit Zulip's OpenAPI`).toEqual([]);
}

/**
 * For errors the OpenAPI does not list under the operation: the status, the code, and Zulip's
 * shape shared by all coded errors (`CodedErrorBase`: `result`, `msg`, `code`, extra fields).
 */
export function expectCodedError(reply: Reply, status: number, code: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toMatchObject({ result: "error", code });
  expect(openApi().validateComponent("CodedErrorBase", reply.body)).toEqual([]);
}
