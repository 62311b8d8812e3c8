import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import type { Unit } from '@observatory/shared';
import { useMemo } from 'react';
import { searchUnits, unitLabel, useUnits } from '../../lib/units';

/** How many units the list shows at a time: typing narrows the ~800 down. */
const SHOWN = 50;

/**
 * Pick a unit of measure from the list loaded once (lib/units): typed text finds codes,
 * names, symbols and properties, the exact code first. The value is the UCUM code. A code
 * that is not in the list (saved before, or the list still loading) keeps its place.
 */
export function UnitPicker({ value = null, ...props }: Omit<SelectProps, 'data' | 'filter' | 'searchable' | 'limit' | 'value'> & { value?: string | null }) {
  const units = useUnits();
  const offered = useMemo<Unit[]>(() => {
    const list = units.data ?? [];
    return value && !list.some((u) => u.code === value)
      ? [{ code: value, name: '', printSymbol: value, property: '', builtin: false, version: 1 }, ...list]
      : list;
  }, [units.data, value]);
  const data = useMemo(() => offered.map((u) => ({ value: u.code, label: unitLabel(u) })), [offered]);
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const byCode = new Map((options as ComboboxItem[]).map((o) => [o.value, o]));
    return searchUnits(offered, search)
      .slice(0, limit)
      .flatMap((u) => byCode.get(u.code) ?? []);
  };
  return (
    <Select
      searchable
      data={data}
      value={value || null}
      filter={filter}
      limit={SHOWN}
      nothingFoundMessage={
        units.isError ? 'The units could not be loaded' : units.isPending ? 'Loading the units…' : 'No unit matches: add it under Site Admin › Units'
      }
      {...props}
    />
  );
}
