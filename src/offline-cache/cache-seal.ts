// How a record is kept: as JSON text when the session is remembered on this device, or
// encrypted (AES-GCM, WebCrypto) with a key that lives only in the tab's sessionStorage when it
// is not, so the cache is unreadable once the tab is closed, as the credentials are gone.

/** A stored record: plain JSON, or JSON encrypted with the tab's key. */
export type SealedRecord =
  { readonly json: string } | { readonly iv: Uint8Array<ArrayBuffer>; readonly data: ArrayBuffer };

const ALGORITHM = "AES-GCM";

/** A new key for a session kept in this tab only, and its text form for sessionStorage. */
export async function newSealKey(): Promise<{ key: CryptoKey; text: string }> {
  const key = await crypto.subtle.generateKey({ name: ALGORITHM, length: 256 }, true, [
    "encrypt",
    "decrypt",
  ]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", key));
  return { key, text: btoa(String.fromCharCode(...raw)) };
}

/** The key from its text form; null when the text is not one. */
export async function importSealKey(text: string): Promise<CryptoKey | null> {
  try {
    const raw = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    return await crypto.subtle.importKey("raw", raw, ALGORITHM, false, ["encrypt", "decrypt"]);
  } catch {
    return null;
  }
}

/** The record for `value`: encrypted with `key`, or plain JSON without one. */
export async function seal(key: CryptoKey | null, value: unknown): Promise<SealedRecord> {
  const json = JSON.stringify(value);
  if (key === null) return { json };
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: ALGORITHM, iv },
    key,
    new TextEncoder().encode(json),
  );
  return { iv, data };
}

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === "[object ArrayBuffer]";
}

/**
 * The value of a record, or undefined when it cannot be read: not a record, not JSON, or
 * encrypted with another key (or at all, when we have none; or not, when we have one: a
 * session kept in the tab trusts only what its own key sealed).
 */
export async function unseal(key: CryptoKey | null, record: unknown): Promise<unknown> {
  if (typeof record !== "object" || record === null) return undefined;
  try {
    if (key === null) {
      return "json" in record && typeof record.json === "string"
        ? (JSON.parse(record.json) as unknown)
        : undefined;
    }
    // Checked by internal slot, not `instanceof`: a record read back may be of another realm.
    if (!("iv" in record && ArrayBuffer.isView(record.iv))) return undefined;
    if (!("data" in record && isArrayBuffer(record.data))) return undefined;
    const plain = await crypto.subtle.decrypt(
      {
        name: ALGORITHM,
        iv: new Uint8Array(new Uint8Array(record.iv.buffer, record.iv.byteOffset, 12)),
      },
      key,
      new Uint8Array(record.data),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  } catch {
    return undefined;
  }
}
