import { timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database";
import { findUserByEmail, type UserRow } from "../db/users";
import { ApiError, unauthorized } from "./errors";

const API_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;
// Compared against when the email is unknown, so a wrong email costs what a wrong key costs.
const DUMMY_KEY = Buffer.from("0".repeat(32));

/**
 * Authenticates `Authorization: Basic base64(email:api_key)` as Zulip's `/api/v1` does: every
 * failure of the credentials themselves is 401 `UNAUTHORIZED`.
 */
export async function authenticateBasic(
  db: Queryable,
  header: string | undefined,
): Promise<UserRow> {
  if (header === undefined || header.trim() === "") {
    throw unauthorized("Not logged in: API authentication or user session required");
  }
  const [scheme, encoded] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== "basic") {
    throw new ApiError("This endpoint requires HTTP basic authentication.");
  }
  const decoded = Buffer.from(encoded ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (encoded === undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || colon === -1) {
    throw unauthorized("Invalid authorization header for basic auth");
  }
  const email = decoded.slice(0, colon).trim();
  const apiKey = decoded.slice(colon + 1).trim();
  if (!API_KEY_PATTERN.test(apiKey)) throw unauthorized("Malformed API key");
  const user = await findUserByEmail(db, email);
  const expected = user ? Buffer.from(user.api_key) : DUMMY_KEY;
  const given = Buffer.from(apiKey);
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!user || !matches) throw unauthorized("Invalid API key");
  if (!user.is_active) throw unauthorized("Account is deactivated");
  return user;
}

/** The client name of a request: an explicit `client` parameter, else the User-Agent's product. */
export function clientName(explicit: string | undefined, userAgent: string | undefined): string {
  if (explicit !== undefined && explicit.trim() !== "") return explicit.trim().slice(0, 30);
  const product = userAgent?.split("/")[0]?.trim();
  return product === undefined || product === "" ? "Unspecified" : product.slice(0, 30);
}
