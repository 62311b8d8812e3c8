/** The map's tiles and its search (their roots start with `map`: an object's change refreshes them, lib/query-keys's showsObjects). */
export const mapKeys = {
  /** The generation of the vector tiles (ObjectTiles's useTileGeneration): refreshed, every tile loads again. */
  tiles: ['map-tiles'] as const,
  search: (q: string) => ['map-search', q] as const,
};
