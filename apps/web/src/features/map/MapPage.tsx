import { Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths, patterns } from '../../config/paths';
import { useAppConfig } from '../../lib/app-config';
import { useTitle } from '../../lib/use-title';
import { parseArea, resolveView, type MapArea } from './map-view';
import { MapScreen } from './MapScreen';

function UnknownView({ name }: { name: string }) {
  return (
    <Center pos="absolute" inset={0} bg="dark.8" p="md">
      <Paper p="lg" maw={420}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            Map view not found
          </Title>
          <Text>There is no map view called “{name}”.</Text>
          <Anchor component={Link} to={paths.map()}>
            Open the whole map
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The map screen: /map (every type) or /map/{view} (a configured view), on the area its
 * address names (`?area=`) if it does. Root keeps it mounted while hidden, so the view
 * stays put until the address names another map or area.
 */
export default function MapPage({ active, areaActions }: { active: boolean; areaActions?: (area: MapArea) => ReactNode }) {
  const { pathname, search } = useLocation();
  const [viewName, setViewName] = useState<string | undefined>(() => matchPath(patterns.map, pathname)?.params.view);
  // The area the address names (a kept area's link): taken when the map is shown, as the view is.
  const [areaText, setAreaText] = useState(search);
  useEffect(() => {
    if (!active) return;
    setViewName(matchPath(patterns.map, pathname)?.params.view);
    setAreaText(search);
  }, [active, pathname, search]);
  const focus = useMemo(() => parseArea(areaText), [areaText]);
  const config = useAppConfig();
  const view = config ? resolveView(config.map.views, viewName) : undefined;
  useTitle(view === null ? 'Map view not found' : (view?.title ?? 'Map'), active);

  if (view === undefined) {
    return (
      <Center h="100%">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (view === null) return <UnknownView name={viewName ?? ''} />;
  return (
    <Box pos="absolute" inset={0}>
      <MapScreen key={view.name ?? ''} view={view} focus={focus} areaActions={areaActions} />
    </Box>
  );
}
