import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Unit, UnitsResponse } from '@observatory/shared';
import { api } from './api-client';
import { queryClient } from './query-client';
import { unitKeys } from './query-keys';

/**
 * The units of measure (`GET data/units`: UCUM's table and the units added to it), a list
 * loaded once and shared (spec: "Units: a list loaded once"; "Units loading is shared:
 * concurrent requests wait for one call").
 *
 * The list is one query of the query cache, kept for the whole visit (never stale, never
 * collected). Every way of asking goes through it, so asking while it is being loaded
 * waits for that one call, whether a screen asks (`useUnits`) or code does (`loadUnits`).
 * A failed load keeps nothing: the next ask loads again. Adding, changing or deleting a
 * unit invalidates `unitKeys.all`, and the next ask loads the list afresh.
 */

/**
 * The one call: only through unitsQuery, which shares it. It takes no abort signal: a
 * screen left while the list loads must not cancel the load others are waiting for.
 */
const fetchUnits = () => api.get<UnitsResponse>('/data/units').then((r) => r.units);

export const unitsQuery = () => queryOptions({ queryKey: unitKeys.all, queryFn: fetchUnits, staleTime: Infinity, gcTime: Infinity });

/** The list, from the cache once loaded; callers arriving while it loads share the one call. */
export function loadUnits(client: QueryClient = queryClient): Promise<Unit[]> {
  return client.fetchQuery(unitsQuery());
}

/** The list for a screen (loading, error and data as any query). */
export const useUnits = () => useQuery(unitsQuery());

/** "mg/kg — milligram per kilogram": a unit as a picker offers it. */
export const unitLabel = (unit: Pick<Unit, 'code' | 'name'>) => (unit.name && unit.name !== unit.code ? `${unit.code} — ${unit.name}` : unit.code);

/** Whether a unit matches what was typed in a search: its code, name, symbol or property. */
export function unitMatches(unit: Unit, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [unit.code, unit.name, unit.printSymbol, unit.property].some((field) => field.toLowerCase().includes(q));
}

/**
 * The units matching a search, the closest first: the exact code, then codes starting
 * with it (case-sensitive, as UCUM codes are; then case-blind), then the rest in list order.
 */
export function searchUnits(units: readonly Unit[], search: string): Unit[] {
  const q = search.trim();
  if (!q) return [...units];
  const lower = q.toLowerCase();
  const rank = (u: Unit) => (u.code === q ? 0 : u.code.startsWith(q) ? 1 : u.code.toLowerCase() === lower ? 2 : u.code.toLowerCase().startsWith(lower) ? 3 : 4);
  return units
    .filter((u) => unitMatches(u, q))
    .map((u, i) => ({ u, i, r: rank(u) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ u }) => u);
}
