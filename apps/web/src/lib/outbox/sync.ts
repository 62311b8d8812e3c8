import { ApiError, hasAccessToken, refreshSession } from '../api-client';
import { deviceUser } from '../device-user';
import { conflictOf } from '../versions';
import { transmit } from './record';
import { listOutgoing, removeOutgoing, updateOutgoing, type Outgoing } from './store';

/** Why a sync stopped: all sent (or left for the user to decide), no network, no session of this user, or a busy server. */
export type SyncEnd = 'done' | 'offline' | 'signed-out' | 'busy';

export interface SyncProgress {
  /** Sent in this sync. */
  sent: number;
  /** Still waiting to be sent. */
  waiting: number;
  /** How much of the photo being sent has gone (0 to 1); null while no photo is. */
  photo: number | null;
  /** Photos left waiting for the user's go: the connection is metered. */
  photosHeld: number;
}

interface NetworkInformation {
  saveData?: boolean;
  type?: string;
}

/**
 * Whether the browser says the connection costs by the byte: the user asked to save data,
 * or it is a phone's mobile data (Chrome on Android tells; other browsers tell nothing, and
 * nothing waits).
 */
export function metered(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || connection?.type === 'cellular';
}

/** The Idempotency-Key's own 409s (plugins/idempotency.ts): the first sending still runs, or ran (its answer not kept). */
const keyAnswer = (error: ApiError, message: string) =>
  error.status === 409 && error.details.some((d) => d.field === 'idempotency-key' && d.message === message);

/** Server answers that say "later", not "no": the item waits for the next sync. */
const later = (error: ApiError) => error.status === 408 || error.status === 429 || error.status! >= 500 || keyAnswer(error, 'Still in progress');

const problemOf = (error: ApiError): Outgoing['problem'] => ({
  status: error.status!,
  message: error.errorText ?? error.message,
  details: error.details,
  current: conflictOf(error) ?? undefined,
});

/** The signed-in user of this page is `username`, with a session to send under. */
async function signedInAs(username: string): Promise<boolean> {
  if (deviceUser()?.username !== username) return false;
  return hasAccessToken() || (await refreshSession().catch(() => false));
}

/** Sends one: 'sent', 'held' (listed for the user), or why the sync must stop (the network, the session, the server). */
async function sendOne(item: Outgoing, onPhoto: (fraction: number) => void): Promise<SyncEnd | 'sent' | 'held'> {
  try {
    await transmit(item, onPhoto);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null) return 'offline';
    if (error.status === 401) return 'signed-out';
    if (later(error)) return 'busy';
    if (!keyAnswer(error, 'Already carried out')) {
      // Changed meanwhile: listed for the user's decision. Refused: listed with the server's message.
      await updateOutgoing({ ...item, state: error.status === 412 ? 'decision' : 'refused', problem: problemOf(error) });
      return 'held';
    }
  }
  await removeOutgoing(item.user, item.id);
  return 'sent';
}

async function run(username: string, onProgress: (progress: SyncProgress) => void, photosOnMetered: boolean): Promise<SyncEnd> {
  let sent = 0;
  for (;;) {
    const waiting = (await listOutgoing(username)).filter((item) => item.state === 'waiting');
    // On a metered connection photos wait for the user's go; the rest goes on.
    const photosWait = metered() && !photosOnMetered;
    const sendable = photosWait ? waiting.filter((item) => item.kind !== 'photo') : waiting;
    const report = (photo: number | null) => onProgress({ sent, waiting: waiting.length, photo, photosHeld: waiting.length - sendable.length });
    report(null);
    const next = sendable[0];
    if (!next) return 'done';
    if (!navigator.onLine) return 'offline';
    // Checked before each: a shared tablet's next user never sends what this one recorded.
    if (!(await signedInAs(username))) return 'signed-out';
    // One at a time, a photo's progress told; one that fails is sent again from its start next time.
    const end = await sendOne(next, (fraction) => report(fraction));
    if (end === 'sent') sent += 1;
    else if (end !== 'held') return end;
  }
}

const running = new Map<string, Promise<SyncEnd>>();

/**
 * Sends the user's queue in the order recorded, one at a time, and stops at the first
 * failure of the network, the session or the server (the rest waits for the next sync).
 * One sync at a time per user across the browser's tabs (Web Locks, where the browser has them).
 */
export function syncOutbox(
  username: string,
  onProgress: (progress: SyncProgress) => void = () => undefined,
  { photosOnMetered = false }: { photosOnMetered?: boolean } = {},
): Promise<SyncEnd> {
  const ongoing = running.get(username);
  if (ongoing) return ongoing;
  const locked = () => run(username, onProgress, photosOnMetered);
  const sync = (navigator.locks ? navigator.locks.request(`observatory-outbox:${username}`, locked).then((end) => end) : locked()).finally(() =>
    running.delete(username),
  );
  running.set(username, sync);
  return sync;
}
