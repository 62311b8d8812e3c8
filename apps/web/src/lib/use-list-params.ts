import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useLatestSearchParams } from './use-latest-search-params';

/** How long typing rests before the search is made. */
export const SEARCH_DELAY_MS = 250;

/**
 * The search text (q), filters and page (p) of a list screen, kept in the address so a
 * list can be shared and survives a reload.
 *
 * - `search` is the text in the search box; `q` is the search made, the same text once
 *   typing has rested. Both the text and the return to page 1 reach the address together,
 *   so typing on page 3 asks for nothing until the new search (no page 1 of the old one).
 * - A new search or filter goes back to page 1 and replaces the history entry (typing and
 *   choosing make no history); a page change adds one.
 */
export function useListParams<F extends string = never>(filterNames: readonly F[] = []) {
  const [params, changeParams] = useLatestSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('p') ?? 1) || 1);
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name)])) as Record<F, string | null>;

  // The box's text. The address may change under it (back and forward): then the box
  // shows the address's search, unless the change is the search typed here arriving.
  const [typed, setTyped] = useState(q);
  const [seen, setSeen] = useState(q);
  const [sent, setSent] = useState<string | null>(null);
  if (seen !== q) {
    setSeen(q);
    if (q !== sent) {
      setTyped(q);
      setSent(null);
    }
  }

  const change = (name: string, value: string | null, history = false) =>
    changeParams(
      (next) => {
        if (name !== 'p') next.delete('p');
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: !history },
    );
  const commitSearch = useDebouncedCallback((text: string) => {
    setSent(text.trim());
    change('q', text.trim() || null);
  }, SEARCH_DELAY_MS);

  return {
    search: typed,
    setSearch: (text: string) => {
      setTyped(text);
      commitSearch(text);
    },
    /**
     * The search box's props. Leaving the box makes the search at once: a link clicked
     * while typing rests is then followed after it, not interrupted by it.
     */
    searchInput: {
      value: typed,
      onChange: (event: { currentTarget: { value: string } }) => {
        setTyped(event.currentTarget.value);
        commitSearch(event.currentTarget.value);
      },
      onBlur: () => commitSearch.flush(),
    },
    q,
    page,
    setPage: (next: number) => change('p', next > 1 ? String(next) : null, true),
    filters,
    setFilter: (name: F, value: string | null) => change(name, value),
    /** A picker's props for a filter: its value, the value shown as it is until the picker knows its label, and its change. */
    pickerFilter: (name: F) => ({ value: filters[name], valueLabel: filters[name] ?? undefined, onChange: (value: string | null) => change(name, value) }),
  };
}
