import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../api-client';
import { useCurrentUser } from '../auth';
import { useHasOutbox } from './has-outbox';
import { outboxKeys } from '../query-keys';
import { listOutgoing, removeOutgoing, updateOutgoing, type Outgoing } from './store';
import { syncOutbox, type SyncProgress } from './sync';

/** Everything the signed-in user recorded on this device and not yet sent, in the order recorded. */
export function useOutbox() {
  const username = useCurrentUser().user?.username ?? null;
  // No database is made for a user who never recorded anything offline.
  const waiting = useHasOutbox(username);
  return useQuery({
    queryKey: outboxKeys.list(username ?? '', waiting),
    queryFn: () => (waiting ? listOutgoing(username!) : []),
    enabled: !!username,
    // Read from this device: with no network too.
    networkMode: 'always',
    staleTime: 0,
  });
}

/** What waits to be sent for one object (its page lists it). */
export function useOutgoingFor(object: string): Outgoing[] {
  return (useOutbox().data ?? []).filter((item) => item.object === object);
}

/**
 * Sends the user's queue now; the list and, once something was sent, every answer of the
 * server are read again (what was sent changed them).
 */
export function useSyncOutbox(onProgress?: (progress: SyncProgress) => void) {
  const username = useCurrentUser().user?.username ?? null;
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    /** `photosOnMetered`: the user's go for photos on a metered connection. */
    mutationFn: async ({ photosOnMetered = false }: { photosOnMetered?: boolean } = {}) => {
      let sent = 0;
      const end = await syncOutbox(
        username!,
        (progress) => {
          onProgress?.(progress);
          if (progress.photo !== null) return;
          sent = progress.sent;
          void client.invalidateQueries({ queryKey: outboxKeys.all });
        },
        { photosOnMetered },
      );
      return { end, sent };
    },
    onSettled: async (result) => {
      await client.invalidateQueries({ queryKey: outboxKeys.all });
      if (result?.sent) await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== outboxKeys.all[0] && q.queryKey[0] !== 'kept' });
    },
  });
}

/** Changes one item of the queue (a decision, an edit to retry) or takes it out (discarded, or their version kept), then sends. */
export function useChangeOutgoing() {
  const client = useQueryClient();
  const sync = useSyncOutbox();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ item, change }: { item: Outgoing; change: 'remove' | Partial<Outgoing> }) => {
      if (change === 'remove') return removeOutgoing(item.user, item.id);
      // A refused request did nothing, and the server keeps its answer against its key: sent again, it goes under a new one.
      const id = item.state === 'refused' ? newIdempotencyKey() : item.id;
      await updateOutgoing({ ...item, ...change, id }, item.id);
    },
    onSettled: async (_, __, { change }) => {
      await client.invalidateQueries({ queryKey: outboxKeys.all });
      if (change !== 'remove' && navigator.onLine) sync.mutate({});
    },
  });
}
