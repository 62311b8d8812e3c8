/** The map's data for a view and its search (their roots start with `map`: an object's change refreshes them, lib/query-keys's showsObjects). */
export const mapKeys = {
  /** `request`: the view's box, zoom and types (map-api's MapDataRequest). */
  data: (request: object | null) => ['map-data', request] as const,
  search: (q: string) => ['map-search', q] as const,
};
