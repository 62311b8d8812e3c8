import { Group, Text } from '@mantine/core';
import { MARKER_STYLES } from '@observatory/shared';
import { MARKER_LOOK } from '../../../../../components/map/markers';

type Marker = (typeof MARKER_STYLES)[number];

/** A marker style as the pickers offer it: its name and what it is drawn for. */
export const MARKER_OPTIONS = MARKER_STYLES.map((m) => ({ value: m, label: `${m}: ${MARKER_LOOK[m].label.toLowerCase()}` }));

/** The marker as the map draws it (a circle of its colour and size), with its name. */
export function MarkerLabel({ marker }: { marker: Marker }) {
  const look = MARKER_LOOK[marker];
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: look.radius * 2,
          height: look.radius * 2,
          borderRadius: '50%',
          background: look.color,
          border: '1.5px solid #fff',
          boxShadow: '0 0 0 1px #adb5bd',
          flexShrink: 0,
        }}
      />
      <Text span size="sm">
        {marker}
      </Text>
    </Group>
  );
}
