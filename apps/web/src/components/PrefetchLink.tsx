import { forwardRef, type ComponentProps } from 'react';
import { NavLink } from 'react-router';
import { prefetchRoute } from '../lib/prefetch';

/** Whether prefetching is worth it: not on 2g connections or with data saver on. */
export function mayPrefetch(connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection): boolean {
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/** A link that loads its route's code on hover or focus (and marks the current page). */
export const PrefetchLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NavLink>>(function PrefetchLink(props, ref) {
  const prefetch = () => {
    if (typeof props.to === 'string' && mayPrefetch()) prefetchRoute(props.to);
  };
  return (
    <NavLink
      ref={ref}
      {...props}
      onMouseEnter={(e) => {
        prefetch();
        props.onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        prefetch();
        props.onFocus?.(e);
      }}
    />
  );
});
