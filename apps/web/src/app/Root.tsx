import { nprogress, NavigationProgress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { matchPath, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { patterns } from '../config/paths';
import { createProgressController } from '../lib/progress';
import { MapLayout } from './MapLayout';

const onMapRoute = (pathname: string) => !!matchPath(patterns.map, pathname);

/** Drives the top progress bar from route loads and API activity. */
function useProgressBar() {
  const navigating = useNavigation().state !== 'idle';
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
  const { pathname } = useLocation();
  const onMap = onMapRoute(pathname);
  const [mapVisited, setMapVisited] = useState(onMap);
  useEffect(() => {
    if (onMap) setMapVisited(true);
  }, [onMap]);
  return (
    <>
      <NavigationProgress aria-label="Loading" />
      <ScrollRestoration />
      <UnsavedChangesGuard />
      {mapVisited || onMap ? <MapLayout hidden={!onMap} /> : null}
      {onMap ? null : <Outlet />}
    </>
  );
}
