import { useEffect, useState } from 'react';

/** Fetch minimum delay (spec section 9): a spinner replaces content only after 200 ms. */
export const FETCH_MIN_DELAY_MS = 200;

export function useDelayedFlag(active: boolean, delayMs = FETCH_MIN_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
