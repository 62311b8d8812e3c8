import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shortlink, ShortlinkChange, ShortlinkCreate, ShortlinksResponse } from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { adminKeys } from '../../../query-keys';

export type { Shortlink };

const shortlinkPath = (id: string) => `/shortlinks/${encodeURIComponent(id)}`;

export function useShortlinks() {
  return useQuery({ queryKey: adminKeys.shortlinks, queryFn: () => api.get<ShortlinksResponse>('/shortlinks').then((r) => r.shortlinks) });
}

/** A write, after which the list is fetched again (hits may have changed meanwhile too). */
function useShortlinkWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.shortlinks }) });
}

export const useCreateShortlink = () => useShortlinkWrite((input: ShortlinkCreate) => api.post<Shortlink>('/shortlinks', input));
export const useUpdateShortlink = () =>
  useShortlinkWrite(({ id, ...change }: ShortlinkChange & { id: string }) => api.put<Shortlink>(shortlinkPath(id), change));
export const useDeleteShortlink = () => useShortlinkWrite((id: string) => api.del(shortlinkPath(id)));

/** The address visitors follow: this site's origin, /s/, the slug. */
export const shortUrl = (slug: string) => `${window.location.origin}/s/${encodeURIComponent(slug)}`;
