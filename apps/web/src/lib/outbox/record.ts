import { ApiError, newIdempotencyKey, request, sendForm } from '../api-client';
import { deviceUser } from '../device-user';
import type { Outgoing } from './store';

/** A write recorded: sent now (the server's answer), or queued on this device until the network returns. */
export type Recorded<T> = { sent: T } | { queued: Outgoing };

type ToRecord = Omit<Outgoing, 'id' | 'seq' | 'state' | 'recordedAt' | 'user' | 'problem'>;
type ToSend = Pick<Outgoing, 'id' | 'kind' | 'method' | 'path' | 'body' | 'base'>;

/** The headers that make a queued write safe to send again: its key, and the version it was based on. */
export const headersOf = (item: Pick<Outgoing, 'id' | 'method' | 'base'>): Record<string, string> => ({
  ...(item.method === 'POST' ? { 'idempotency-key': item.id } : {}),
  ...(item.base ? { 'if-match': `"${item.base.version}"` } : {}),
});

/** A photo's form: where and when the device says it was taken, then the file (the server reads fields before it). */
function photoForm(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const field of ['lon', 'lat', 'takenAt']) if (body[field] !== undefined && body[field] !== null) form.append(field, String(body[field]));
  form.append('file', body.file as Blob, String(body.fileName ?? 'photo'));
  return form;
}

/** Sends one write as it was recorded (a photo as a form, with its progress); the server's answer, or an ApiError. */
export async function transmit<T>(item: ToSend, onProgress?: (fraction: number) => void): Promise<T> {
  if (item.kind === 'photo') return sendForm<T>(item.method, item.path, photoForm(item.body), { headers: headersOf(item), onProgress });
  return (await request<T>(item.method, item.path, { body: item.body, headers: headersOf(item) })).data;
}

/** Room this device keeps free in its storage for the rest of the app, beside what is recorded. */
const STORAGE_RESERVE_BYTES = 5 * 1024 * 1024;

/** Why the browser's storage cannot take `bytes` more (its estimate of use and quota), or null when it can. */
export function storageProblem(estimate: { usage?: number; quota?: number } | null, bytes: number): string | null {
  if (!estimate?.quota) return null;
  const free = estimate.quota - (estimate.usage ?? 0);
  if (free - bytes >= STORAGE_RESERVE_BYTES) return null;
  return 'This device’s storage for the app is full: nothing more can be recorded offline. Send what waits (with the network), or remove something kept on this device (My Account → Offline), then record again.';
}

/**
 * What is queued: a photo with the time it was recorded as its `takenAt`, which the server
 * uses where its EXIF has none (sent the next day, its upload's time would say the next day).
 */
const recordedBody = ({ kind, body, recordedAt }: Pick<Outgoing, 'kind' | 'body' | 'recordedAt'>) =>
  kind === 'photo' && body.takenAt === undefined ? { ...body, takenAt: recordedAt } : body;

const bytesOf = (body: Record<string, unknown>) => (body.file instanceof Blob ? body.file.size : 0) + JSON.stringify(body).length;

/**
 * Sends a write, or, with no network, queues it for the signed-in user of this device
 * (lib/outbox/sync.ts sends it later). A write whose answer was lost on the way is queued
 * under the key it was sent with: sent again, the server carries it out once. A device whose
 * storage cannot take it says so, and nothing is queued.
 */
export async function sendOrQueue<T>(write: ToRecord, onProgress?: (fraction: number) => void): Promise<Recorded<T>> {
  const user = deviceUser()?.username;
  const item = { ...write, id: newIdempotencyKey(), recordedAt: new Date().toISOString() };
  if (navigator.onLine || !user) {
    try {
      return { sent: await transmit<T>(item, onProgress) };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === null) || !user) throw error;
    }
  }
  const problem = storageProblem((await navigator.storage?.estimate?.().catch(() => null)) ?? null, bytesOf(write.body));
  if (problem) throw new ApiError(null, 'storage-full', problem, problem);
  const { addOutgoing } = await import('./store');
  return { queued: await addOutgoing({ ...item, body: recordedBody(item), user }) };
}
