import { PAGINATION_HEADERS } from '@observatory/shared';
import { keptReady, type KeptAnswers } from '../api-client';
import { keepingUser, keptDatabaseName, noteKeeping } from '../device-user';
import { finished, openDatabase, requested } from '../idb';

/**
 * Answers of the API kept on this device for reading with no network (docs/offline.md
 * "Kept on this device"): per user, in IndexedDB. A keep is what the user chose (an object, a map area
 * or a project with its sites, with what their pages read); an answer is one GET's body and
 * headers, by its address, and an image one photo's picture, by its asset. Each belongs to
 * every keep that read it (the object types, read by every object's page, are kept once).
 */
export interface Keep {
  id: string;
  kind: 'object' | 'project' | 'area';
  title: string;
  /** The page that shows it. */
  href: string;
  /** The address whose 404 means it is gone (then the whole keep is deleted); an area's is its page's, never answered so. */
  root: string;
  keptAt: string;
  /** Bytes of its answers and images (one shared with other keeps counted in each). */
  bytes: number;
}

interface Answer {
  url: string;
  /** As it came, bytes (a vector tile's too, not only JSON). */
  body: Blob;
  headers: [string, string][];
  keeps: string[];
}

/** A photo kept with a keep, by its asset (its address is signed, and changes). */
interface Image {
  id: string;
  blob: Blob;
  keeps: string[];
}

/** An image to keep with a keep: its asset and where the network has it. */
export interface ImageToKeep {
  id: string;
  url: string;
}

type Store = 'answers' | 'images' | 'keeps';
type Unheld<T> = Omit<T, 'keeps'>;

/** The headers an answer is read with again: its type, version and pagination. */
const KEPT_HEADERS = new Set(['content-type', 'etag', ...Object.values(PAGINATION_HEADERS)]);

const open = (username: string) =>
  openDatabase(keptDatabaseName(username), (db) => {
    db.createObjectStore('answers', { keyPath: 'url' });
    db.createObjectStore('images', { keyPath: 'id' });
    db.createObjectStore('keeps', { keyPath: 'id' });
  });

async function readAll<T>(username: string, store: Store): Promise<T[]> {
  const db = await open(username);
  return requested(db.transaction(store).objectStore(store).getAll() as IDBRequest<T[]>);
}

async function readOne<T>(username: string, store: Store, key: string): Promise<T | undefined> {
  const db = await open(username);
  return requested(db.transaction(store).objectStore(store).get(key) as IDBRequest<T | undefined>);
}

/** Every keep of the user, newest first. */
export async function listKeeps(username: string): Promise<Keep[]> {
  return (await readAll<Keep>(username, 'keeps')).sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

/** Bytes kept for the user: each answer and image once. */
export async function keptBytes(username: string): Promise<number> {
  const answers = (await readAll<Answer>(username, 'answers')).reduce((sum, a) => sum + a.body.size, 0);
  return answers + (await readAll<Image>(username, 'images')).reduce((sum, i) => sum + i.blob.size, 0);
}

/** The kept copy of an image, for when the network cannot load it. */
export async function keptImage(id: string): Promise<Blob | null> {
  const username = keepingUser();
  return username ? ((await readOne<Image>(username, 'images', id))?.blob ?? null) : null;
}

/** Stores what a keep read, in place of what it read before (an update). */
/** Each record once, as last read: a keep reads some addresses more than once (the object types, by each of its sites). */
const lastOf = <T>(records: T[], key: (record: T) => string): T[] => [...new Map(records.map((r) => [key(r), r])).values()];

async function storeKeep(username: string, keep: Omit<Keep, 'bytes' | 'keptAt'>, read: Unheld<Answer>[], fetched: Unheld<Image>[]): Promise<Keep> {
  const answers = lastOf(read, (a) => a.url);
  const images = lastOf(fetched, (i) => i.id);
  const db = await open(username);
  const tx = db.transaction(['answers', 'images', 'keeps'], 'readwrite');
  await replaceHeld(tx.objectStore('answers'), keep.id, answers);
  await replaceHeld(tx.objectStore('images'), keep.id, images);
  const bytes = answers.reduce((sum, a) => sum + a.body.size, 0) + images.reduce((sum, i) => sum + i.blob.size, 0);
  const kept: Keep = { ...keep, keptAt: new Date().toISOString(), bytes };
  tx.objectStore('keeps').put(kept);
  await finished(tx);
  return kept;
}

const keyOf = (store: IDBObjectStore, record: object) => (record as Record<string, string>)[store.keyPath as string]!;

/** A keep's records in one store made `records`: those it no longer read leave it (a photo gone), the others are put. */
async function replaceHeld(store: IDBObjectStore, keepId: string, records: object[]) {
  const keys = new Set(records.map((r) => keyOf(store, r)));
  for (const old of (await requested(store.getAll())) as { keeps: string[] }[]) {
    if (old.keeps.includes(keepId) && !keys.has(keyOf(store, old))) drop(store, old, keepId);
  }
  for (const record of records) {
    const old = (await requested(store.get(keyOf(store, record)))) as { keeps: string[] } | undefined;
    store.put({ ...record, keeps: [...new Set([...(old?.keeps ?? []), keepId])] });
  }
}

/** Lets a keep go of a record: deleted when no other keep holds it. */
function drop(store: IDBObjectStore, record: { keeps: string[] }, keepId: string) {
  const keeps = record.keeps.filter((k) => k !== keepId);
  if (keeps.length) store.put({ ...record, keeps });
  else store.delete(keyOf(store, record));
}

/** Deletes a keep and every answer and image no other keep holds. */
export async function removeKeep(username: string, id: string): Promise<void> {
  const db = await open(username);
  const tx = db.transaction(['answers', 'images', 'keeps'], 'readwrite');
  for (const name of ['answers', 'images'] as const) {
    const store = tx.objectStore(name);
    for (const record of (await requested(store.getAll())) as { keeps: string[] }[]) if (record.keeps.includes(id)) drop(store, record, id);
  }
  tx.objectStore('keeps').delete(id);
  await finished(tx);
}

/** Keeps being read now: each takes the answers whose address it claims. */
const recordings = new Set<{ claims: (url: string) => boolean; answers: Unheld<Answer>[] }>();
/** Answers' bodies being read: a keep waits for them before it is stored. */
const pendingReads = new Set<Promise<void>>();

/**
 * Keeps what `read` reads: every GET answer it gets whose address `claims` accepts, and the
 * images it names. Asks the browser first to keep the storage through pressure (a phone
 * clearing space).
 */
export async function keep(
  username: string,
  keep: Omit<Keep, 'bytes' | 'keptAt'>,
  claims: (url: string) => boolean,
  read: () => Promise<ImageToKeep[]>,
): Promise<Keep> {
  await navigator.storage?.persist?.().catch(() => false);
  noteKeeping(username, true);
  await keptReady();
  const recording = { claims, answers: [] as Unheld<Answer>[] };
  recordings.add(recording);
  let images: Unheld<Image>[];
  try {
    const toKeep = await read();
    await Promise.all(pendingReads);
    images = await fetchImages(toKeep);
  } finally {
    recordings.delete(recording);
  }
  return storeKeep(username, keep, recording.answers, images);
}

/** The images, one at a time (a phone's connection is shared with the rest of the page). */
async function fetchImages(images: ImageToKeep[]): Promise<Unheld<Image>[]> {
  const fetched: Unheld<Image>[] = [];
  for (const image of images) {
    const res = await fetch(image.url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`A photo could not be kept (the server answered ${res.status})`);
    fetched.push({ id: image.id, blob: await res.blob() });
  }
  return fetched;
}

async function answerOf(url: string, res: Response): Promise<Unheld<Answer>> {
  return { url, body: await res.blob(), headers: [...res.headers.entries()].filter(([name]) => KEPT_HEADERS.has(name)) };
}

/** A kept answer read again online replaces the one kept (its body read only then). */
async function refresh(username: string, url: string, res: Response) {
  const old = await readOne<Answer>(username, 'answers', url);
  if (!old) return;
  const answer = await answerOf(url, res);
  const db = await open(username);
  const tx = db.transaction('answers', 'readwrite');
  tx.objectStore('answers').put({ ...answer, keeps: old.keeps });
  await finished(tx);
}

/** What the API client asks of the kept answers (api-client.ts `setKeptAnswers`). */
export const keptAnswers: KeptAnswers = {
  async answer(url) {
    const username = keepingUser();
    const kept = username ? await readOne<Answer>(username, 'answers', url) : undefined;
    return kept ? new Response(kept.body, { status: 200, headers: kept.headers }) : null;
  },
  answered(url, res) {
    const claimed = [...recordings].filter((r) => r.claims(url));
    const username = keepingUser();
    const read = claimed.length
      ? answerOf(url, res).then((answer) => claimed.forEach((r) => r.answers.push(answer)))
      : username
        ? refresh(username, url, res)
        : null;
    if (!read) return;
    const settled = read.catch(() => undefined);
    pendingReads.add(settled);
    void settled.finally(() => pendingReads.delete(settled));
  },
  async gone(url) {
    const username = keepingUser();
    if (!username) return;
    for (const k of await listKeeps(username)) if (k.root === url) await removeKeep(username, k.id);
    const db = await open(username);
    const tx = db.transaction('answers', 'readwrite');
    tx.objectStore('answers').delete(url);
    await finished(tx);
  },
};
