/**
 * The base map kept with a map area (app/routes/map/keep-basemap.ts), read by the worker:
 * it is kept as the API's answers are, in a user's kept answers (lib/kept/store.ts), by
 * its address on the base map's host.
 */

/** How lib/device-user.ts names a user's kept answers (kept-answers.test.ts checks they agree). */
export const KEPT_DATABASE_PREFIX = 'observatory-kept:';

/** Opens a database only if it is there: one made here would lack its stores (the page makes them). */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = request.onblocked = () => resolve(null);
  });
}

type Answer = { body: Blob; headers: [string, string][] };

function readAnswer(db: IDBDatabase, url: string): Promise<Answer | undefined> {
  return new Promise((resolve, reject) => {
    const request = db.transaction('answers').objectStore('answers').get(url) as IDBRequest<Answer | undefined>;
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * The kept answer for another host's `url`, from what is kept on this device; null when
 * nothing kept holds it. Each database is let go at once: a sign-out deletes it.
 */
export async function keptAnswer(url: string): Promise<Response | null> {
  const names = (await indexedDB.databases()).flatMap((d) => (d.name?.startsWith(KEPT_DATABASE_PREFIX) ? [d.name] : []));
  for (const name of names) {
    const db = await openExisting(name);
    if (!db) continue;
    try {
      const answer = db.objectStoreNames.contains('answers') ? await readAnswer(db, url) : undefined;
      if (answer) return new Response(answer.body, { status: 200, headers: answer.headers });
    } finally {
      db.close();
    }
  }
  return null;
}
