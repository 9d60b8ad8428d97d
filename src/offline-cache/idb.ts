// A few promises over IndexedDB's request and transaction events: the cache needs no more, and
// a library (idb) would be another dependency for about this much code.

/** A request's result, or its error. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error("IndexedDB request failed"));
    };
  });
}

/** Resolves when the transaction commits, rejects when it fails or is aborted. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve();
    };
    const fail = () => {
      reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
    };
    transaction.onerror = fail;
    transaction.onabort = fail;
  });
}

/**
 * Opens a database. `upgrade` runs when it is created or its version is older; a connection
 * closes itself when another asks to delete or upgrade the database (a logout in another tab),
 * so that request is never blocked.
 */
export function openDatabase(
  name: string,
  version: number | undefined,
  upgrade: (db: IDBDatabase, oldVersion: number, transaction: IDBTransaction) => void,
): Promise<IDBDatabase> {
  const request = indexedDB.open(name, version);
  request.onupgradeneeded = (event) => {
    if (request.transaction !== null)
      upgrade(request.result, event.oldVersion, request.transaction);
  };
  return requestResult(request).then((db) => {
    db.onversionchange = () => {
      db.close();
    };
    return db;
  });
}

/** Deletes a database (nothing when there is none); waits for it. */
export function deleteDatabase(name: string): Promise<void> {
  return requestResult(indexedDB.deleteDatabase(name)).then(() => undefined);
}
