import type { Page } from "@playwright/test";

/** What the page's offline cache databases (`parley-cache …`) hold: their names, chunk records. */
export interface DeviceCache {
  /** Every IndexedDB database of the page's origin, by name. */
  readonly databases: string[];
  /** The offline cache's databases that have their `state` record, with their message chunks. */
  readonly written: { readonly name: string; readonly chunks: number }[];
}

/**
 * Reads what the app has saved on this device: its cache databases (one per account and server,
 * named `parley-cache <server> <user id>`), and for each whether its state record is written and
 * how many chunks of messages it holds (sealed without "Remember me", so not counted further).
 */
export function readDeviceCache(page: Page): Promise<DeviceCache> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          resolve(request.result);
        };
        request.onerror = () => {
          reject(new Error(`cannot open ${name}`));
        };
      });
    const ask = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => {
          resolve(request.result);
        };
        request.onerror = () => {
          reject(new Error("IndexedDB request failed"));
        };
      });
    const names = (await indexedDB.databases()).flatMap((info) =>
      info.name === undefined ? [] : [info.name],
    );
    const written = [];
    for (const name of names.filter((each) => each.startsWith("parley-cache "))) {
      const db = await open(name);
      if (db.objectStoreNames.contains("meta") && db.objectStoreNames.contains("chunks")) {
        const transaction = db.transaction(["meta", "chunks"]);
        const state = await ask<unknown>(transaction.objectStore("meta").get("state"));
        const chunks = await ask(transaction.objectStore("chunks").count());
        if (state !== undefined) written.push({ name, chunks });
      }
      db.close();
    }
    return { databases: names, written };
  });
}

/** Whether the page's offline cache has been written, with at least one chunk of messages. */
export async function hasWrittenCache(page: Page): Promise<boolean> {
  const cache = await readDeviceCache(page);
  return cache.written.some((database) => database.chunks > 0);
}

/** Whether a service worker controls the page (its client files then load without the server). */
export function isControlledByServiceWorker(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}
