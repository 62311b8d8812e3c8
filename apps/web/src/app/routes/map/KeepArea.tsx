import { Divider, Stack, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { KeepOffline } from '../../../components/KeepOffline';
import type { MapArea } from '../../../features/map/map-view';
import { AREA_SITES_MAX, areaKeepId, areaTiles, areaTitle, basemapKept, keepArea } from './keep-area';
import { useAppConfig } from '../../../lib/app-config';
import { objectScreens } from '../../../features/objects/keep';

/** The screens a kept area's sites open in (any site's address names their code) and the list of what is kept. */
const SCREENS = [...objectScreens('site'), paths.myKept];

/** Under the map's layers, for a signed-in user: keep the area shown for the field. */
export default function KeepArea({ area }: { area: MapArea }) {
  const { deepest } = areaTiles(area);
  const config = useAppConfig();
  const basemap = config && basemapKept(area, config.map) ? 'with its base map' : 'drawn on the map’s built-in background';
  return (
    <Stack gap={6} mt="sm">
      <Divider />
      <Title order={2} size="h5">
        Offline
      </Title>
      <KeepOffline
        keepId={areaKeepId(area)}
        title={areaTitle(area)}
        keep={(username) => keepArea(username, area)}
        screens={SCREENS}
        description={`Kept offline, this area opens on this device with no network: the sites in it (the first ${AREA_SITES_MAX}) with their pages and photos, and the map’s data down to zoom ${deepest}, ${basemap}.`}
      />
    </Stack>
  );
}
