/** The part of `Storage` persistence uses; tests pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** `localStorage`, or undefined where there is none or access is blocked (then nothing persists). */
export function browserLocalStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    // Reading `localStorage` throws when storage is blocked (e.g. third-party contexts).
    return undefined;
  }
}

/** Parsed JSON at `key`, or undefined when missing, unreadable or not JSON. Never throws. */
export function readStoredJson(storage: KeyValueStorage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text === null || text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes `value` as JSON, or removes the key for undefined. Quota and access errors are swallowed. */
export function writeStoredJson(
  storage: KeyValueStorage | undefined,
  key: string,
  value: unknown,
): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage loses persistence, not the session.
  }
}
