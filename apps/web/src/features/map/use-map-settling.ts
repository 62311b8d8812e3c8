import { useCallback, useEffect, useRef, useState } from 'react';

/** The map counts as settled this long after it stops moving (a flight's legs end and start again). */
const MOVE_DEBOUNCE_MS = 250;

/** Whether the map is moving or has only just stopped: `settling` is true from a move's start until a moment after it ends. */
export function useMapSettling() {
  const [settling, setSettling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onMoveStart = useCallback(() => {
    clearTimeout(timer.current);
    setSettling(true);
  }, []);
  const onMoveEnd = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSettling(false), MOVE_DEBOUNCE_MS);
  }, []);

  return { settling, onMoveStart, onMoveEnd };
}
