import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObjectTypesResponse } from '@observatory/shared';
import { api } from './api-client';
import { objectTypeKeys } from './query-keys';

/**
 * The schema's object types (`GET data/objtypes`), loaded once and shared by every screen
 * that shows or picks types (the catalogue, the map, the object forms).
 */
/** The index by name, as a list in the schema's order. */
export const fetchObjectTypes = () => api.get<ObjectTypesResponse>('/data/objtypes').then((r) => Object.values(r.objtypes));
export const objectTypesQuery = () => queryOptions({ queryKey: objectTypeKeys.all, queryFn: fetchObjectTypes, staleTime: 5 * 60_000 });
export const useObjectTypes = () => useQuery(objectTypesQuery());
