import { Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTitle } from '../../lib/use-title';

const VIEW_TITLES: Record<string, string> = { properties: 'Sites', sites: 'Sites' };

/**
 * The map screen. Its panels keep their state while the map layout stays alive; the
 * map itself and its sites arrive with the geo objects feature.
 */
export default function MapPage({ active }: { active: boolean }) {
  const { pathname } = useLocation();
  const [view, setView] = useState<string | undefined>();
  useEffect(() => {
    if (active) setView(matchPath('/map/:view', pathname)?.params.view);
  }, [active, pathname]);
  const title = (view && VIEW_TITLES[view]) ?? 'Map';
  useTitle(title, active);
  const [panelOpen, setPanelOpen] = useState(false);
  return (
    <Box h="100%" bg="dark.8" c="gray.3" p="md">
      <Button variant="white" size="xs" onClick={() => setPanelOpen((open) => !open)} aria-expanded={panelOpen} aria-controls="map-panel">
        {panelOpen ? 'Hide layers' : 'Show layers'}
      </Button>
      {panelOpen ? (
        <Paper id="map-panel" p="md" mt="sm" maw={320} aria-label="Layers" c="var(--mantine-color-text)">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Layers
            </Title>
            <Text size="sm">No sites are on the map yet.</Text>
          </Stack>
        </Paper>
      ) : null}
      <Title order={1} size="h3" mt="md">
        {title}
      </Title>
    </Box>
  );
}
