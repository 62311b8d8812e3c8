import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { SEARCH_MIN_LETTERS, usePageSearch } from './api';
import { Snippet } from './snippet';

/**
 * The search of the documentation: typing shows the matching pages with the words around
 * each match; the arrow keys move through them, Enter (or a click) opens one, Escape
 * closes the list. `onOpen` is told once a page is opened (the phone's drawer closes).
 */
export function PageSearch({ onOpen }: { onOpen?: () => void }) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 250);
  const enough = debounced.length >= SEARCH_MIN_LETTERS;
  const search = usePageSearch(debounced);
  const results = enough ? (search.data?.results ?? []) : [];
  const answered = enough && !search.isPlaceholderData ? search.data?.results : undefined;
  useEffect(() => {
    // Enter opens the first result, as in any search box.
    if (answered?.length) combobox.selectFirstOption();
  }, [answered, combobox]);

  const open = (path: string) => {
    combobox.closeDropdown();
    setTyped('');
    void navigate(paths.docPage(path));
    onOpen?.();
  };

  const waiting = debounced !== typed.trim() || search.isFetching;
  const empty =
    typed.trim().length < SEARCH_MIN_LETTERS
      ? 'Type two letters or more'
      : search.isError
        ? 'The search failed: try again'
        : waiting
          ? 'Searching…'
          : 'No page matches';
  return (
    <Combobox store={combobox} onOptionSubmit={open}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          type="search"
          aria-label="Search the documentation"
          placeholder="Search the documentation"
          value={typed}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting && enough ? <Loader size={14} aria-label="Searching" /> : null}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => {
            if (typed) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Pages found" mah={420} style={{ overflowY: 'auto' }}>
          {results.length ? (
            results.map((result) => (
              <Combobox.Option value={result.path} key={result.id}>
                <Text size="sm" fw={600}>
                  {result.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <Snippet snippet={result.snippet} />
                </Text>
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{empty}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
