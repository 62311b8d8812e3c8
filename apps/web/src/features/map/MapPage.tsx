import { Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths, patterns } from '../../config/paths';
import { useAppConfig } from '../../lib/app-config';
import { useTitle } from '../../lib/use-title';
import { resolveView } from './map-view';
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
 * The map screen: /map (every type) or /map/{view} (a configured view). Root keeps it
 * mounted while hidden, so the view stays put until the address names another map.
 */
export default function MapPage({ active }: { active: boolean }) {
  const { pathname } = useLocation();
  const [viewName, setViewName] = useState<string | undefined>(() => matchPath(patterns.map, pathname)?.params.view);
  useEffect(() => {
    if (active) setViewName(matchPath(patterns.map, pathname)?.params.view);
  }, [active, pathname]);
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
      <MapScreen key={view.name ?? ''} view={view} />
    </Box>
  );
}
