import { objectKeys as shared } from '../../lib/query-keys';

/** Objects: the shared keys (lib/query-keys) and the catalogue's map view. */
export const objectKeys = {
  ...shared,
  /** A page of the catalogue as GeoJSON (its root starts with `obj`: an object's change refreshes it). */
  geojson: (query: string, page: number) => ['objects-geojson', query, page] as const,
};

/** The mutations of one photo of an object's page: its state is read by the photo's id. */
export const photoMutationKey = (id: string) => ['photo', id] as const;
