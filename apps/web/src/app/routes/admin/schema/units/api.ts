import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Unit, UnitConversion, UnitDetail, UnitInput } from '@observatory/shared';
import { api, type Conditional } from '../../../../../lib/api-client';
import { unitKeys } from '../../../../../lib/query-keys';
import { conflictOf } from '../../../../../lib/versions';
import { adminKeys } from '../../../../query-keys';

/** Site Admin's units: a unit's page, its changes, and conversions between units. */

const unitPath = (code: string) => `/data/units/${encodeURIComponent(code)}`;

/** A unit and the metrics measured in it. */
export function useUnitDetail(code: string) {
  return useQuery({ queryKey: adminKeys.unit(code), queryFn: () => api.get<UnitDetail>(unitPath(code)) });
}

/**
 * Add, change or delete a unit: the shared list (lib/units) loads afresh and the unit
 * pages refetch. A deleted unit's page is only marked stale: asking for it again while it
 * is still shown would answer 404. A write refused as changed meanwhile (412) asks for the
 * unit pages again: the conflict dialog compares the current version.
 */
function useUnitWrite<I, O>(mutationFn: (input: I) => Promise<O>, deletes = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: adminKeys.unitDetails });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: unitKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.unitDetails, ...(deletes ? { refetchType: 'none' as const } : {}) });
    },
  });
}

export const useCreateUnit = () => useUnitWrite((input: UnitInput) => api.post<Unit>('/data/units', input));
/** A change based on a version of the unit (If-Match). */
export const useUpdateUnit = (code: string) =>
  useUnitWrite(({ conditional, ...input }: Omit<UnitInput, 'code'> & { conditional?: Conditional }) => api.put<Unit>(unitPath(code), input, conditional));
/** A delete of the version shown. */
export const useDeleteUnit = (code: string) => useUnitWrite((version?: number) => api.del(unitPath(code), { version }), true);

export interface ConversionAsked {
  value: number;
  from: string;
  to: string;
}

/** `value` in `from` expressed in `to` (GET data/units/convert), once asked; a 400 when they measure different things. */
export function useConversion(asked: ConversionAsked | null) {
  return useQuery({
    queryKey: adminKeys.unitConversion(asked),
    queryFn: () => api.get<UnitConversion>('/data/units/convert', { value: asked!.value, from: asked!.from, to: asked!.to }),
    enabled: asked !== null,
    staleTime: Infinity,
    retry: false,
  });
}
