/** Progress bar timings (spec section 9). */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_MAX_MS = 5000;

/**
 * Decides when the top progress bar shows: only once work has lasted 200 ms (no
 * flicker for fast loads), and never longer than 5000 ms (a stuck request must not
 * leave it running).
 */
export function createProgressController(bar: { start: () => void; complete: () => void }, delayMs = PROGRESS_DELAY_MS, maxMs = PROGRESS_MAX_MS) {
  let active = 0;
  let showTimer: ReturnType<typeof setTimeout> | null = null;
  let maxTimer: ReturnType<typeof setTimeout> | null = null;
  let shown = false;

  const clear = () => {
    if (showTimer) clearTimeout(showTimer);
    if (maxTimer) clearTimeout(maxTimer);
    showTimer = maxTimer = null;
  };
  const hide = () => {
    clear();
    if (shown) bar.complete();
    shown = false;
  };

  return {
    /** Some work started (a route load, an API call). */
    begin(): void {
      active++;
      if (active > 1) return;
      showTimer = setTimeout(() => {
        shown = true;
        bar.start();
        maxTimer = setTimeout(hide, maxMs);
      }, delayMs);
    },
    /** That work ended. */
    end(): void {
      active = Math.max(0, active - 1);
      if (active === 0) hide();
    },
  };
}
