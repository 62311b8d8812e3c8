import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navbar } from './Navbar';

const MapPage = lazy(() => import('./routes/map/MapRoute'));

/**
 * Black navbar, full screen. Root keeps it mounted (hidden) after the first visit, so
 * the map's position and open panels survive navigating away and back.
 */
export function MapLayout({ hidden }: { hidden: boolean }) {
  return (
    <Box hidden={hidden} h="100vh" style={{ display: hidden ? 'none' : 'flex', flexDirection: 'column' }}>
      <Navbar dark />
      <Box component="main" id="map-main" style={{ flex: 1, position: 'relative' }}>
        <Suspense fallback={null}>
          <MapPage active={!hidden} />
        </Suspense>
      </Box>
    </Box>
  );
}
