import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeoObjectListItem, GeoObjectsResponse, MapData } from '@observatory/shared';
import { api, ApiError } from '../../lib/api-client';
import type { Bbox } from './map-view';
import { mapKeys } from './keys';

/** One request of map data: the visible box, the zoom and the types shown (undefined: all). */
export interface MapDataRequest {
  bbox: Bbox;
  zoom: number;
  types: string[] | undefined;
}

/**
 * GET data/map for the current view. A newer request cancels the one in flight (the
 * query's signal), and the last answer stays on screen until the next one arrives.
 */
export function useMapData(request: MapDataRequest | null) {
  return useQuery({
    queryKey: mapKeys.data(request),
    queryFn: ({ signal }) =>
      api.get<MapData>(
        '/data/map',
        { bbox: request!.bbox.join(','), zoom: Math.round(request!.zoom * 100) / 100, ...(request!.types ? { types: request!.types.join(',') } : {}) },
        signal,
      ),
    enabled: !!request && request.types?.length !== 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // One quiet retry; then the map says so and offers Retry.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status !== null && error.status < 500),
  });
}

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
