import { Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useObjectSearch, type FoundObject } from './map-api';

/** Typing pauses this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Searches every object the user may see, by name and title, whatever the layers shown;
 * choosing a result (or Enter for the first) hands it over to be flown to.
 */
export function MapSearch({ onChoose }: { onChoose: (object: FoundObject) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useObjectSearch(q);
  const results = search.data ?? [];
  const choose = (object: FoundObject) => {
    if (!object.geo) return;
    setOpen(false);
    setText(object.title);
    onChoose(object);
  };
  const showResults = open && q.length > 0;
  return (
    <Stack gap={4}>
      <TextInput
        type="search"
        label="Search the map"
        placeholder="Name or title"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={search.isFetching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && results[0]) choose(results[0]);
          if (e.key === 'Escape') setOpen(false);
        }}
        aria-controls={showResults ? 'map-search-results' : undefined}
      />
      {showResults ? (
        <Stack gap={2} id="map-search-results" role="list" aria-label="Search results">
          {search.isError ? (
            <Text size="sm" c="danger.8" role="alert">
              The search failed: {search.error.message}
            </Text>
          ) : null}
          {search.isSuccess && results.length === 0 ? <Text size="sm">Nothing found for “{q}”.</Text> : null}
          {results.map((object) => (
            <div role="listitem" key={object.id}>
              <UnstyledButton onClick={() => choose(object)} disabled={!object.geo} fz="sm" w="100%" py={2}>
                <Text span fz="sm" fw={600} c={object.geo ? 'blue.8' : undefined}>
                  {object.title}
                </Text>{' '}
                <Text span fz="xs" c="dimmed">
                  {object.geo ? object.types.map((t) => t.name).join(', ') : 'not on the map'}
                </Text>
              </UnstyledButton>
            </div>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
