/**
 * The little of IndexedDB the device's stores use (lib/kept, lib/outbox): a database opened
 * once per name, requests and transactions as promises.
 */

const connections = new Map<string, Promise<IDBDatabase>>();

/**
 * Opens `name` (made by `upgrade` the first time), once: later callers share the connection.
 * Deleted elsewhere (a sign-out in another tab), it is let go, and opened afresh when asked again.
 */
export function openDatabase(name: string, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  let db = connections.get(name);
  if (!db) {
    db = new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => upgrade(request.result);
      request.onsuccess = () => {
        request.result.onversionchange = () => {
          request.result.close();
          connections.delete(name);
        };
        resolve(request.result);
      };
      request.onerror = () => reject(request.error ?? new Error('The storage of this device could not be opened'));
    });
    connections.set(name, db);
    db.catch(() => connections.delete(name));
  }
  return db;
}

/** A request's result. */
export const requested = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The storage of this device refused the change'));
  });

/** Once a transaction has committed. */
export const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('The storage of this device refused the change'));
  });
