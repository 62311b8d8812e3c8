import { useSearchParams } from 'react-router';

/**
 * The search text (q) and page (p) of a list screen, kept in the address so a list can
 * be shared and survives a reload. A new search goes back to page 1 and replaces the
 * history entry (typing makes no history); a page change adds one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('p') ?? 1) || 1);
  const setQuery = (next: string) =>
    setParams(
      (old) => {
        const merged = new URLSearchParams(old);
        merged.delete('p');
        if (next) merged.set('q', next);
        else merged.delete('q');
        return merged;
      },
      { replace: true },
    );
  const setPage = (next: number) =>
    setParams((old) => {
      const merged = new URLSearchParams(old);
      if (next > 1) merged.set('p', String(next));
      else merged.delete('p');
      return merged;
    });
  return { q, page, setQuery, setPage };
}
