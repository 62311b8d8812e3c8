import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const KEY = 'scroll-positions';
let positions: Record<string, number> | undefined;

/** Where each history entry of the tab was left, kept across reloads. */
function saved(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

function persist() {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(saved()));
  } catch {
    // Storage full or refused: Back then starts at the top.
  }
}

/**
 * Scrolls as the browser would between documents: Back and Forward return to where the
 * page was left, a link to an anchor scrolls to it, any other new page starts at the top.
 * The position is noted as the reader scrolls: once the next page is drawn, the old one's
 * is gone.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const y = type === 'POP' ? saved()[key] : undefined;
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (y !== undefined) window.scrollTo(0, y);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    let frame = 0;
    const note = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        saved()[key] = window.scrollY;
      });
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [key, hash, type]);
}
