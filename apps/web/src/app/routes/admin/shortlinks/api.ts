import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shortlink, ShortlinkChange, ShortlinkCreate, ShortlinksResponse } from '@observatory/shared';
import { api, type Conditional } from '../../../../lib/api-client';
import { conflictOf } from '../../../../lib/versions';
import { adminKeys } from '../../../query-keys';

export type { Shortlink };

const shortlinkPath = (id: string) => `/shortlinks/${encodeURIComponent(id)}`;

export function useShortlinks() {
  return useQuery({ queryKey: adminKeys.shortlinks, queryFn: () => api.get<ShortlinksResponse>('/shortlinks').then((r) => r.shortlinks) });
}

/**
 * A write, after which the list is fetched again (hits may have changed meanwhile too); one
 * refused as changed meanwhile (412) fetches it too, for the conflict dialog to compare.
 */
function useShortlinkWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: adminKeys.shortlinks });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.shortlinks }),
  });
}

export const useCreateShortlink = () => useShortlinkWrite((input: ShortlinkCreate) => api.post<Shortlink>('/shortlinks', input));
/** A change based on the version its form started from (`conditional`: its If-Match). */
export const useUpdateShortlink = () =>
  useShortlinkWrite(({ id, conditional, ...change }: ShortlinkChange & { id: string; conditional?: Conditional }) =>
    api.put<Shortlink>(shortlinkPath(id), change, conditional),
  );
export const useDeleteShortlink = () => useShortlinkWrite(({ id, version }: { id: string; version?: number }) => api.del(shortlinkPath(id), { version }));

/** The address visitors follow: this site's origin, /s/, the slug. */
export const shortUrl = (slug: string) => `${window.location.origin}/s/${encodeURIComponent(slug)}`;
