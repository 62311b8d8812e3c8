import type { CurrentVersion, ErrorDetail } from '@observatory/shared';
import { noteOutbox } from '../device-user';
import { finished, openDatabase, requested } from '../idb';

/**
 * What a user recorded on this device with no network, waiting to be sent (docs/offline.md
 * "Recorded offline"): per user, in IndexedDB, in the order recorded. Unlike what is kept,
 * it stays through sign-out: it is sent when the same user signs in again, and by no one else.
 */
export interface Outgoing {
  /** Its Idempotency-Key too: sent twice (an answer lost on the way), the server carries it out once. */
  id: string;
  /** The order it is sent in. */
  seq: number;
  /** Who recorded it: only they send it. */
  user: string;
  recordedAt: string;
  kind: 'note' | 'object-edit' | 'object-new' | 'photo' | 'observations';
  /** What it is, for the list: "Note on Abisko station". */
  title: string;
  /** The object it belongs to (its name): its page lists it while it waits. */
  object: string;
  method: 'POST' | 'PUT';
  path: string;
  /** JSON, or a photo's fields with its file (a Blob, kept as it is). */
  body: Record<string, unknown>;
  /** An edit: the version it was based on (its If-Match), and the values of that version, for a field-by-field decision. */
  base?: { version: number; values: Record<string, unknown> };
  /**
   * waiting: to be sent; decision: the server has a newer version (412), the user chooses;
   * refused: the server said no (its message), the user edits and retries or discards.
   */
  state: 'waiting' | 'decision' | 'refused';
  /** The server's answer: its message and fields; for a 412, its version now and who saved it. */
  problem?: { status: number; message: string; details: ErrorDetail[]; current?: CurrentVersion | undefined };
}

export const outboxDatabaseName = (username: string) => `observatory-outbox:${username}`;

const open = (username: string) => openDatabase(outboxDatabaseName(username), (db) => db.createObjectStore('items', { keyPath: 'id' }));

const all = async (store: IDBObjectStore) => (await requested(store.getAll() as IDBRequest<Outgoing[]>)).sort((a, b) => a.seq - b.seq);

/** Everything the user recorded here and not yet sent, in the order recorded. */
export async function listOutgoing(username: string): Promise<Outgoing[]> {
  return all((await open(username)).transaction('items').objectStore('items'));
}

/** Adds one to the end of the queue. */
export async function addOutgoing(item: Omit<Outgoing, 'seq' | 'state'>): Promise<Outgoing> {
  const tx = (await open(item.user)).transaction('items', 'readwrite');
  const store = tx.objectStore('items');
  const last = (await all(store)).at(-1)?.seq ?? 0;
  const queued: Outgoing = { ...item, seq: last + 1, state: 'waiting' };
  store.put(queued);
  await finished(tx);
  noteOutbox(item.user, true);
  return queued;
}

/** Puts an item back changed (its state, its problem, its body after an edit), in its place in the queue; under a new key, in place of the one it had (`was`). */
export async function updateOutgoing(item: Outgoing, was = item.id): Promise<void> {
  const tx = (await open(item.user)).transaction('items', 'readwrite');
  if (was !== item.id) tx.objectStore('items').delete(was);
  tx.objectStore('items').put(item);
  await finished(tx);
}

/** Takes an item out of the queue: sent (2xx), or decided or discarded by the user. */
export async function removeOutgoing(username: string, id: string): Promise<void> {
  const tx = (await open(username)).transaction('items', 'readwrite');
  const store = tx.objectStore('items');
  store.delete(id);
  await finished(tx);
  if ((await listOutgoing(username)).length === 0) noteOutbox(username, false);
}
