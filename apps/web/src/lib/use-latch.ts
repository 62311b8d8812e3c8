import { useState } from 'react';

/**
 * True from the first render in which `condition` held, for good: a part of the page whose
 * code loads on first use (the drawer, the notifications) stays mounted once it has been.
 */
export function useLatch(condition: boolean): boolean {
  const [latched, setLatched] = useState(condition);
  if (condition && !latched) setLatched(true);
  return latched || condition;
}
