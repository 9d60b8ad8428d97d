import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new API key: 32 characters of [A-Za-z0-9], as Zulip issues them. */
export function generateApiKey(): string {
  let key = "";
  for (let i = 0; i < 32; i++) key += ALPHABET.charAt(randomInt(ALPHABET.length));
  return key;
}
