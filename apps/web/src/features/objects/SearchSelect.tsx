import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export interface Option {
  value: string;
  label: string;
}

/** A filter picked by searching for it by name: `search` answers the options for what was typed. */
export function SearchSelect({ label, placeholder, queryKey, search, value, onChange, w = 220 }: { label: string; placeholder: string; queryKey: string; search: (q: string) => Promise<Option[]>; value: string | null; onChange: (value: string | null) => void; w?: number }) {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 250);
  const found = useQuery({ queryKey: ['filter-options', queryKey, debounced], queryFn: () => search(debounced), enabled: debounced.length >= 2 });
  const options = [...(found.data ?? [])];
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      data={options}
      value={value}
      onChange={onChange}
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced.length >= 2 ? (found.isFetching ? 'Searching…' : 'Nothing found') : 'Type two letters or more'}
      w={w}
    />
  );
}
