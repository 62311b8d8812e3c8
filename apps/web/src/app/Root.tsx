import { nprogress, NavigationProgress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { PageState } from '../components/PageState';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { patterns } from '../config/paths';
import { useScreenLoading } from '../lib/navigation';
import { createProgressController } from '../lib/progress';
import { useScrollRestoration } from '../lib/scroll-restoration';
import { MapLayout } from './MapLayout';

const onMapRoute = (pathname: string) => !!matchPath(patterns.map, pathname);

/** Drives the top progress bar from route loads and API activity. */
function useProgressBar() {
  const navigating = useScreenLoading();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = navigating || fetching > 0 || mutating > 0;
  const controller = useMemo(() => createProgressController({ start: () => nprogress.start(), complete: () => nprogress.complete() }), []);
  useEffect(() => {
    if (!busy) return;
    controller.begin();
    return () => controller.end();
  }, [busy, controller]);
}

/** The root route: progress bar, scroll restoration, the question before unsaved changes are left, and the kept-alive map layout. */
export function Root() {
  useProgressBar();
  useScrollRestoration();
  const { pathname } = useLocation();
  const onMap = onMapRoute(pathname);
  const [mapVisited, setMapVisited] = useState(onMap);
  useEffect(() => {
    if (onMap) setMapVisited(true);
  }, [onMap]);
  return (
    <>
      <NavigationProgress aria-label="Loading" />
      <UnsavedChangesGuard />
      {mapVisited || onMap ? <MapLayout hidden={!onMap} /> : null}
      {onMap ? null : (
        // While the first screen's code loads: a spinner after 200 ms, as a page loading its
        // data. Later navigations keep the page shown until the next one's code is in.
        <Suspense fallback={<PageState isPending error={null} />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}
