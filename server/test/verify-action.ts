import { expect } from "vitest";
import type { TestServer } from "./test-server";

export type State = Record<string, unknown>;
export interface TestEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface VerifyActionOptions {
  /** The user whose queue and state are checked. */
  email: string;
  /** State keys compared before + events against after (e.g. `["subscriptions", "never_subscribed"]`). */
  keys: readonly string[];
  /** Extra `register` parameters (e.g. `event_types`, `client_capabilities`). */
  register?: Record<string, string | number | boolean | object>;
  /** The action under test; its events must be published before it resolves. */
  action: () => Promise<void>;
  /** Applies one event to the state in place, as a client would. */
  apply: (state: State, event: TestEvent) => void;
  /** Puts a state in a canonical order before comparing (e.g. sorts lists by id). */
  normalize?: (state: State) => State;
  /** How many events the action must produce for this user (Zulip's `num_events`). */
  numEvents?: number;
}

/**
 * Zulip's `verify_action`: the state fetched before an action, with the events the action sent
 * applied, must equal the state fetched after it. Returns the events for further assertions.
 */
export async function verifyAction(
  server: TestServer,
  options: VerifyActionOptions,
): Promise<TestEvent[]> {
  const auth = await server.auth(options.email);
  const registerParams = { apply_markdown: true, ...options.register };
  const before = await server.api("POST", "register", registerParams, auth);
  expect(before.status, JSON.stringify(before.body)).toBe(200);
  await options.action();
  const polled = await server.api(
    "GET",
    "events",
    { queue_id: String(before.body["queue_id"]), last_event_id: -1, dont_block: true },
    auth,
  );
  const events = polled.body["events"] as TestEvent[]; // our server's events; shapes asserted by the callers
  if (options.numEvents !== undefined)
    expect(events.map((e) => e.type)).toHaveLength(options.numEvents);
  const applied = structuredClone(before.body);
  for (const event of events) options.apply(applied, event);
  const after = await server.api("POST", "register", registerParams, auth);
  const normalize = options.normalize ?? ((state: State) => state);
  const pick = (state: State) =>
    normalize(Object.fromEntries(options.keys.map((key) => [key, state[key]])));
  expect(pick(applied)).toEqual(pick(after.body));
  return events;
}
