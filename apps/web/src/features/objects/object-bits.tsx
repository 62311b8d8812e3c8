import { Badge, Group } from '@mantine/core';
import type { GeoObject } from '@observatory/shared';
import { MARKER_LOOK } from '../../components/map/markers';

/** An object's types as badges, their dots coloured like the map markers. */
export function TypeBadges({ types }: { types: GeoObject['types'] }) {
  return (
    <Group gap={4} wrap="wrap">
      {types.map((t) => (
        <Badge key={t.slug} variant="dot" color={MARKER_LOOK[t.marker].color} size="sm">
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}

/** A date and time as people read it, e.g. "3 Mar 2026, 14:05". */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A GeoJSON position as people read it: latitude, longitude, to about a metre. */
export const latLon = ([lon, lat]: number[]) => `${lat!.toFixed(5)}, ${lon!.toFixed(5)}`;
