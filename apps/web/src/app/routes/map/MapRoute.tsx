import { lazy, Suspense } from 'react';
import MapPage from '../../../features/map/MapPage';
import type { MapArea } from '../../../features/map/map-view';
import { useCurrentUser } from '../../../lib/auth';

// A signed-in user's alone: a visitor's first visit loads none of it.
const KeepArea = lazy(() => import('./KeepArea'));

const keepAreaAction = (area: MapArea) => (
  <Suspense fallback={null}>
    <KeepArea area={area} />
  </Suspense>
);

/** The map screen, where a signed-in user may keep the area shown offline (under the layers). */
export default function MapRoute({ active }: { active: boolean }) {
  const signedIn = !!useCurrentUser().user;
  return <MapPage active={active} areaActions={signedIn ? keepAreaAction : undefined} />;
}
