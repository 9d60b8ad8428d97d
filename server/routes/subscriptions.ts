import { subscribe, type StreamSpec } from "../actions/subscribe";
import {
  parseSubscriptionPropertyChange,
  updateSubscriptionProperties,
} from "../actions/subscription-properties";
import { parsePrincipals, type Principal } from "../actions/subscription-principals";
import { unsubscribe } from "../actions/unsubscribe";
import { checkStreamName, codePointLength } from "../actions/validate";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";
import { badRequest, missingArgument } from "../http/errors";
import type { Params } from "../http/params";

const MAX_DESCRIPTION_LENGTH = 1024;
/**
 * Zulip sets no limit on how many streams or users one call names; we refuse more than this
 * rather than run thousands of lookups in one transaction.
 */
const MAX_LIST_LENGTH = 1000;
const SPEC_KEYS = new Set(["name", "description", "color"]);

/**
 * Position (from 1) of the first character a description may not hold, or 0: Cc characters
 * other than tab and line breaks (NUL cannot even be stored), and unpaired surrogates.
 */
function badDescriptionCharacter(text: string): number {
  let position = 0;
  for (const character of text) {
    position++;
    const code = character.codePointAt(0) ?? 0;
    const isAllowed = code === 0x09 || code === 0x0a || code === 0x0d;
    const isControl = (code < 0x20 && !isAllowed) || (code >= 0x7f && code < 0xa0);
    if (isControl || (code >= 0xd800 && code <= 0xdfff)) return position;
  }
  return 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A new stream's description: at most 1024 characters; newlines become spaces, as in Zulip. */
function checkDescription(value: unknown, where: string): string {
  if (value === undefined) return "";
  if (typeof value !== "string") throw badRequest(`${where} is not a string`);
  if (codePointLength(value) > MAX_DESCRIPTION_LENGTH) {
    throw badRequest(`${where} is too long (limit: ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  const bad = badDescriptionCharacter(value);
  if (bad > 0) throw badRequest(`Invalid character in stream description, at position ${bad}!`);
  return value.replace(/\r\n|\r|\n/g, " ");
}

function checkColor(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^#[0-9a-fA-F]{6}$/.test(value)) {
    throw badRequest(`${where} is not a valid hex color code`);
  }
  return value;
}

function parseSpec(item: unknown, index: number): StreamSpec {
  const where = `subscriptions[${index}]`;
  if (!isRecord(item)) throw badRequest(`${where} is not a dict`);
  const unexpected = Object.keys(item).filter((key) => !SPEC_KEYS.has(key));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(", ")}`);
  const name = item["name"];
  if (name === undefined) throw badRequest(`name key is missing from ${where}`);
  if (typeof name !== "string") throw badRequest(`${where}["name"] is not a string`);
  return {
    name: checkStreamName(name),
    description: checkDescription(item["description"], `${where}["description"]`),
    color: checkColor(item["color"], `${where}["color"]`),
  };
}

/** `subscriptions` of POST: a JSON list of `{name, description?, color?}`, each name once. */
function parseStreamSpecs(params: Params): StreamSpec[] {
  const value = params.json("subscriptions");
  if (!Array.isArray(value)) throw badRequest("subscriptions is not a list");
  if (value.length > MAX_LIST_LENGTH) {
    throw badRequest(`Too many streams in one request (limit: ${MAX_LIST_LENGTH}).`);
  }
  const specs = new Map<string, StreamSpec>();
  value.forEach((item: unknown, index) => {
    const spec = parseSpec(item, index);
    const key = spec.name.toLowerCase();
    if (!specs.has(key)) specs.set(key, spec);
  });
  return [...specs.values()];
}

function parsePrincipalsParam(params: Params): Principal[] | undefined {
  const principals = parsePrincipals(params.optionalJson("principals"));
  if (principals && principals.length > MAX_LIST_LENGTH) {
    throw badRequest(`Too many principals in one request (limit: ${MAX_LIST_LENGTH}).`);
  }
  return principals;
}

/** `history_public_to_subscribers`: a JSON boolean or null (null: the default). */
function optionalNullableBool(params: Params, name: string): boolean | null {
  const value = params.optionalJson(name);
  if (value === undefined || value === null) return null;
  if (typeof value !== "boolean") throw badRequest(`${name} is not a boolean`);
  return value;
}

/** POST /api/v1/users/me/subscriptions */
async function addSubscriptions({ ctx, user, params }: AuthenticatedCall) {
  const request = {
    streams: parseStreamSpecs(params),
    inviteOnly: params.bool("invite_only", false),
    historyPublicToSubscribers: optionalNullableBool(params, "history_public_to_subscribers"),
    announce: params.bool("announce", false),
    principals: parsePrincipalsParam(params),
    authorizationErrorsFatal: params.bool("authorization_errors_fatal", true),
  };
  return { ...(await subscribe(ctx, user, request)) };
}

/** DELETE /api/v1/users/me/subscriptions */
async function removeSubscriptions({ ctx, user, params }: AuthenticatedCall) {
  const streamNames = params.optionalStringList("subscriptions");
  if (streamNames === undefined) throw missingArgument("subscriptions");
  if (streamNames.length > MAX_LIST_LENGTH) {
    throw badRequest(`Too many streams in one request (limit: ${MAX_LIST_LENGTH}).`);
  }
  const principals = parsePrincipalsParam(params);
  return { ...(await unsubscribe(ctx, user, { streamNames, principals })) };
}

/** POST /api/v1/users/me/subscriptions/properties: a JSON list of `{stream_id, property, value}`. */
async function updateProperties({ ctx, user, params }: AuthenticatedCall) {
  const value = params.json("subscription_data");
  if (!Array.isArray(value)) throw badRequest("subscription_data is not a list");
  if (value.length > MAX_LIST_LENGTH) {
    throw badRequest(`Too many changes in one request (limit: ${MAX_LIST_LENGTH}).`);
  }
  const changes = value.map((item: unknown, index) =>
    parseSubscriptionPropertyChange(item, `subscription_data[${index}]`),
  );
  await updateSubscriptionProperties(ctx, user, changes);
  return {};
}

/** Subscribing and unsubscribing, and one's settings of a subscription. `GET users/me/subscriptions` lives in `users.ts`. */
export const subscriptionEndpoints: Endpoint[] = [
  userEndpoint("users/me/subscriptions", {
    POST: addSubscriptions,
    DELETE: removeSubscriptions,
  }),
  // The spec names this misspelling for the DELETE operation. Real Zulip never routed it (the
  // typo lived only in its docs, so it answers 404); we serve it because the spec names it.
  userEndpoint("users/me/subcriptions", { DELETE: removeSubscriptions }),
  userEndpoint("users/me/subscriptions/properties", { POST: updateProperties }),
];
