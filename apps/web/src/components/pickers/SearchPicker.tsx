import { CloseButton, Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryFunction, type QueryKey, type SkipToken } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/** Typed this many letters, the picker searches. */
const MIN_LETTERS = 2;

export interface PickerOption {
  value: string;
  label: string;
}

export interface SearchPickerProps<T, K extends QueryKey = QueryKey> {
  label: string;
  placeholder?: string;
  error?: ReactNode;
  w?: number | string;
  /** The chosen option's value, or null (an empty string counts as none). */
  value: string | null;
  onChange: (value: string | null, item: T | null) => void;
  /** The label of a value chosen before this picker was shown (an existing filter). */
  valueLabel?: string | undefined;
  /** The query-option factory answering the items for what was typed. */
  search: (q: string) => { queryKey: K; queryFn?: QueryFunction<T[], K, never> | SkipToken | undefined };
  toOption: (item: T) => PickerOption;
  nothingFound: string;
  clearable?: boolean;
  /** Answers not to offer (the object itself, as its own parent). */
  hidden?: (item: T) => boolean;
  description?: ReactNode;
}

/**
 * Pick one thing by typing part of its name: the server searches, the picker shows what it
 * answered as it is (no second filter in the browser), and a choice sets `value`. The text
 * typed is the picker's own: a form that resets its value after a save clears it, but a
 * save finishing while the next name is typed leaves that name alone.
 */
export function SearchPicker<T, K extends QueryKey>({
  label,
  placeholder,
  error,
  w,
  value,
  onChange,
  valueLabel,
  search,
  toOption,
  nothingFound,
  clearable,
  hidden,
  description,
}: SearchPickerProps<T, K>) {
  const chosen = value || null;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [typed, setTyped] = useState(valueLabel ?? '');
  const [chosenLabel, setChosenLabel] = useState(valueLabel ?? '');
  const [debounced] = useDebouncedValue(typed.trim(), 250);
  const enabled = debounced.length >= MIN_LETTERS && debounced !== chosenLabel;
  const { queryKey, queryFn } = search(debounced);
  const found = useQuery({ queryKey, queryFn, enabled, placeholderData: keepPreviousData });
  const items = enabled ? (found.data ?? []).filter((item) => !hidden?.(item)) : [];

  // A value cleared from outside (a form reset) clears the text shown for it.
  const [shownFor, setShownFor] = useState(chosen);
  if (shownFor !== chosen) {
    setShownFor(chosen);
    if (!chosen && chosenLabel && typed === chosenLabel) setTyped('');
    if (!chosen) setChosenLabel('');
  }
  const answered = enabled ? found.data : undefined;
  useEffect(() => {
    // Enter picks the first answer, as in any search box.
    if (answered?.length) combobox.selectFirstOption();
  }, [answered, combobox]);

  const choose = (item: T | null) => {
    const option = item ? toOption(item) : null;
    setTyped(option?.label ?? '');
    setChosenLabel(option?.label ?? '');
    setShownFor(option?.value ?? null);
    onChange(option?.value ?? null, item);
    combobox.closeDropdown();
  };

  const empty = typed.trim().length < MIN_LETTERS ? 'Type two letters or more' : found.isFetching || debounced !== typed.trim() ? 'Searching…' : nothingFound;
  return (
    <Combobox store={combobox} onOptionSubmit={(v) => choose(items.find((item) => toOption(item).value === v) ?? null)}>
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          description={description}
          placeholder={placeholder}
          error={error}
          w={w}
          value={typed}
          autoComplete="off"
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            if (chosen) onChange(null, null);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // Text that chose nothing is not left to look like a choice.
            if (!chosen) setTyped('');
            else if (typed !== chosenLabel) setTyped(chosenLabel);
          }}
          rightSection={
            found.isFetching && enabled ? (
              <Loader size={16} aria-label="Searching" />
            ) : clearable && chosen ? (
              <CloseButton size="sm" aria-label={`Clear ${label}`} onMouseDown={(event) => event.preventDefault()} onClick={() => choose(null)} />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {items.length ? (
            items.map((item) => {
              const option = toOption(item);
              return (
                <Combobox.Option value={option.value} key={option.value} active={option.value === chosen}>
                  {option.label}
                </Combobox.Option>
              );
            })
          ) : (
            <Combobox.Empty>{empty}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
