import { Select } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListPickerProps {
  label?: string;
  placeholder?: string;
  error?: ReactNode;
  w?: number | string;
  /** The chosen item's id (or slug, with `by`), or null; an empty string counts as none. */
  value: string | null;
  onChange: (value: string | null) => void;
  by?: 'id' | 'slug';
  clearable?: boolean;
  required?: boolean;
}

/**
 * Pick one of a short list the server gives whole (institutions, teams), filtered by what
 * is typed. Until the list has come the picker says so; a failed load says that too.
 */
export function ListPicker<T extends { id: string; slug: string; name: string }>({
  items,
  what,
  by = 'id',
  value,
  onChange,
  ...props
}: ListPickerProps & { items: { data?: T[] | undefined; isPending: boolean; isError: boolean }; what: string }) {
  const data = (items.data ?? []).map((item) => ({ value: item[by], label: item.name }));
  // A value not in the list yet (still loading) keeps its place rather than being dropped.
  if (value && !data.some((d) => d.value === value)) data.push({ value, label: items.isPending ? '…' : value });
  return (
    <Select
      searchable
      data={data}
      value={value || null}
      onChange={onChange}
      nothingFoundMessage={items.isError ? `The ${what} could not be loaded` : items.isPending ? 'Loading…' : `No such ${what.replace(/s$/, '')}`}
      {...props}
    />
  );
}
