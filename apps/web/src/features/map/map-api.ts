import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeoObjectListItem, GeoObjectsResponse } from '@observatory/shared';
import { api } from '../../lib/api-client';
import { mapKeys } from './keys';

/** What the search finds: a list item with its geometry. */
export type FoundObject = Pick<GeoObjectListItem, 'id' | 'name' | 'title' | 'types' | 'geo'>;

export const SEARCH_LIMIT = 10;

/** Objects of every type whose name or title matches, with their geometry. */
export function useObjectSearch(q: string) {
  return useQuery<FoundObject[]>({
    queryKey: mapKeys.search(q),
    queryFn: ({ signal }) => api.get<GeoObjectsResponse>('/data/obj', { q, geo: 'true', limit: SEARCH_LIMIT }, signal).then((r) => r.objects),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
