import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's search params, and a change that builds on the params last asked for. A
 * functional update of react-router's own builds on the params last drawn, so of two changes
 * made before the screen is drawn again (a filter, then another) only the second stayed.
 */
export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  // Asked for and not yet drawn.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const change = useCallback(
    (next: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const changed = next(new URLSearchParams(pending.current ?? params));
      pending.current = changed;
      setParams(changed, options);
    },
    [params, setParams],
  );
  return [params, change] as const;
}
