import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Unit, UnitConversion, UnitDetail, UnitInput } from '@observatory/shared';
import { api } from '../../../../../lib/api-client';
import { unitKeys } from '../../../../../lib/query-keys';
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
 * is still shown would answer 404.
 */
function useUnitWrite<I, O>(mutationFn: (input: I) => Promise<O>, deletes = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: unitKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.unitDetails, ...(deletes ? { refetchType: 'none' as const } : {}) });
    },
  });
}

export const useCreateUnit = () => useUnitWrite((input: UnitInput) => api.post<Unit>('/data/units', input));
export const useUpdateUnit = (code: string) => useUnitWrite((input: Omit<UnitInput, 'code'>) => api.put<Unit>(unitPath(code), input));
export const useDeleteUnit = (code: string) => useUnitWrite(() => api.del(unitPath(code)), true);

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
