import { Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './WideTable.module.css';

/**
 * A table that may be wider than the screen (a phone): it keeps at least `minWidth` and
 * scrolls sideways in its own box, never the page. A shade on either side, and a line
 * under it, say that more columns wait there; the box takes focus to scroll by keyboard.
 */
export function WideTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const left = box.scrollLeft > 1;
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  const scrolls = more.left || more.right;
  return (
    <div>
      <div className={classes.frame} data-more-left={more.left || undefined} data-more-right={more.right || undefined}>
        <div
          ref={ref}
          className={classes.scroller}
          onScroll={measure}
          {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, wider than the screen` } : {})}
        >
          <div style={{ minWidth }}>{children}</div>
        </div>
      </div>
      {scrolls ? (
        <Text size="xs" c="dimmed" mt={4} aria-hidden>
          {more.right ? 'Swipe or scroll sideways for more columns →' : '← More columns to the left'}
        </Text>
      ) : null}
    </div>
  );
}
