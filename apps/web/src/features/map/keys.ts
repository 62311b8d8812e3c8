import type { MapDataRequest } from './map-api';

/** The map's data for a view and its search (their roots start with `map`: an object's change refreshes them, lib/query-keys's showsObjects). */
export const mapKeys = {
  data: (request: MapDataRequest | null) => ['map-data', request] as const,
  search: (q: string) => ['map-search', q] as const,
};
