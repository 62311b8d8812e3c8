import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../auth';
import { loadForOffline, loadOfflineCode } from '../prefetch';
import { keptKeys } from '../query-keys';
import { keptBytes, listKeeps, removeKeep, type Keep } from './store';

/** Whose kept answers are shown: the signed-in user's (offline, the device's note of them). */
export const useKeepingUsername = (): string | null => useCurrentUser().user?.username ?? null;

/** The signed-in user's keeps on this device and the bytes they hold. */
export function useKeeps() {
  const username = useKeepingUsername();
  return useQuery({
    queryKey: keptKeys.list(username ?? ''),
    queryFn: async () => ({ keeps: await listKeeps(username!), bytes: await keptBytes(username!) }),
    enabled: !!username,
    // Read from this device: with no network too.
    networkMode: 'always',
    staleTime: 0,
  });
}

/**
 * Keeps (or updates) one thing offline; the list is read again after. The code of the
 * screens that show it (`screens`, and the list of what is kept) is loaded too, so that the
 * service worker has it with no network.
 */
export function useKeep(keep: (username: string) => Promise<Keep>, screens: string[]) {
  const username = useKeepingUsername();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => keep(username!),
    // Waited for: once it says kept, the screens open with no network (a code file that failed is only not kept).
    onSuccess: () =>
      Promise.all([
        loadOfflineCode(),
        ...[...screens, paths.myKept, paths.myOutbox, paths.objectNew].map((path) => loadForOffline(path).catch(() => undefined)),
      ]),
    onSettled: () => client.invalidateQueries({ queryKey: keptKeys.all }),
  });
}

export function useRemoveKeep() {
  const username = useKeepingUsername();
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => removeKeep(username!, id),
    onSettled: () => client.invalidateQueries({ queryKey: keptKeys.all }),
  });
}
