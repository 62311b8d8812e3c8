import { ApiError, newIdempotencyKey, request } from '../api-client';
import { deviceUser } from '../device-user';
import type { Outgoing } from './store';

/** A write recorded: sent now (the server's answer), or queued on this device until the network returns. */
export type Recorded<T> = { sent: T } | { queued: Outgoing };

type ToRecord = Omit<Outgoing, 'id' | 'seq' | 'state' | 'recordedAt' | 'user' | 'problem'>;

/** The headers that make a queued write safe to send again: its key, and the version it was based on. */
export const headersOf = (item: Pick<Outgoing, 'id' | 'method' | 'base'>): Record<string, string> => ({
  ...(item.method === 'POST' ? { 'idempotency-key': item.id } : {}),
  ...(item.base ? { 'if-match': `"${item.base.version}"` } : {}),
});

/** No answer came at all: the network, not the server (whose refusals are the caller's to show). */
const unanswered = (error: unknown) => error instanceof ApiError && error.status === null;

/**
 * Sends a write, or, with no network, queues it for the signed-in user of this device
 * (lib/outbox/sync.ts sends it later). A write whose answer was lost on the way is queued
 * under the key it was sent with: sent again, the server carries it out once.
 */
export async function sendOrQueue<T>(write: ToRecord): Promise<Recorded<T>> {
  const user = deviceUser()?.username;
  const item = { ...write, id: newIdempotencyKey(), recordedAt: new Date().toISOString() };
  if (navigator.onLine || !user) {
    try {
      return { sent: (await request<T>(write.method, write.path, { body: write.body, headers: headersOf(item) })).data };
    } catch (error) {
      if (!unanswered(error) || !user) throw error;
    }
  }
  const { addOutgoing } = await import('./store');
  return { queued: await addOutgoing({ ...item, user }) };
}
