import { Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ObjectType } from '@observatory/shared';
import { MARKER_LOOK } from '../../components/map/markers';

/** A legend dot in the marker's own colour and size. */
function LegendDot({ marker }: { marker: ObjectType['marker'] }) {
  const look = MARKER_LOOK[marker];
  return <span className="map-legend-dot" aria-hidden style={{ width: look.radius * 2, height: look.radius * 2, background: look.color }} />;
}

/**
 * One checkbox per object type of the view, each with its marker as legend; unticking
 * one leaves its objects out of the map data.
 */
export function LayerPanel({
  types,
  isPending,
  hidden,
  onToggle,
}: {
  types: ObjectType[];
  isPending: boolean;
  hidden: ReadonlySet<string>;
  onToggle: (slug: string, shown: boolean) => void;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Layers
      </Title>
      {isPending ? <Loader size="sm" role="status" aria-label="Loading the object types" /> : null}
      {!isPending && types.length === 0 ? <Text size="sm">There are no object types to show.</Text> : null}
      {types.map((type) => (
        <Checkbox
          key={type.slug}
          checked={!hidden.has(type.slug)}
          onChange={(e) => onToggle(type.slug, e.currentTarget.checked)}
          label={
            <Group gap={8} wrap="nowrap" component="span">
              <LegendDot marker={type.marker} />
              <span>{type.name}</span>
            </Group>
          }
        />
      ))}
    </Stack>
  );
}
