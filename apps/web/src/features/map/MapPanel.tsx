import { Box, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FoundObject } from './map-api';
import { MapSearch } from './MapSearch';

export type Panel = 'layers' | 'list' | null;

function PanelToggle({
  which,
  open,
  onToggle,
  showLabel,
  hideLabel,
}: {
  which: Exclude<Panel, null>;
  open: Panel;
  onToggle: (which: Exclude<Panel, null>) => void;
  showLabel: string;
  hideLabel: string;
}) {
  const expanded = open === which;
  return (
    <Button size="xs" variant={expanded ? 'filled' : 'light'} onClick={() => onToggle(which)} aria-expanded={expanded} aria-controls="map-panel">
      {expanded ? hideLabel : showLabel}
    </Button>
  );
}

/** The box over the map's top left: the view's title, the search, and the layer list or the in-view list. */
export function MapPanel({
  title,
  onChoose,
  panel,
  onToggle,
  layers,
  list,
}: {
  title: string;
  onChoose: (object: FoundObject) => void;
  panel: Panel;
  onToggle: (which: Exclude<Panel, null>) => void;
  layers: ReactNode;
  list: ReactNode;
}) {
  return (
    <Paper pos="absolute" top={12} left={12} w={300} maw="calc(100% - 80px)" p="sm" shadow="md" style={{ maxHeight: 'calc(100% - 24px)', overflowY: 'auto' }}>
      <Stack gap="sm">
        <Title order={1} size="h4">
          {title}
        </Title>
        <MapSearch onChoose={onChoose} />
        <Group gap="xs">
          <PanelToggle which="layers" open={panel} onToggle={onToggle} showLabel="Show layers" hideLabel="Hide layers" />
          <PanelToggle which="list" open={panel} onToggle={onToggle} showLabel="List objects in view" hideLabel="Hide list" />
        </Group>
        {panel ? (
          <Box id="map-panel" component="section" aria-label={panel === 'layers' ? 'Layers' : 'Objects in view'}>
            {panel === 'layers' ? layers : list}
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
