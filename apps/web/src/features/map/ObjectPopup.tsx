import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Popup } from 'react-map-gl/maplibre';
import { paths } from '../../config/paths';
import { LatestValues } from '../../components/LatestValues';

/** The object whose popup is open, and where. */
export interface SelectedObject {
  id: string;
  name: string;
  title: string;
  /** Type slugs */
  types: string[];
  at: [number, number];
}

/** Above the marker, clear of its circle. */
export const POPUP_OFFSET = 12;

/** An object's title and types, its latest values, and a link to its page. */
export function ObjectPopup({ object, typeNames, onClose }: { object: SelectedObject; typeNames: Map<string, string>; onClose: () => void }) {
  return (
    <Popup longitude={object.at[0]} latitude={object.at[1]} anchor="bottom" offset={POPUP_OFFSET} closeOnClick={false} onClose={onClose} maxWidth="280px">
      <Stack gap={4} pr="md" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <Title order={2} size="h5">
          {object.title}
        </Title>
        <Text size="sm" c="dimmed">
          {object.types.map((slug) => typeNames.get(slug) ?? slug).join(', ')}
        </Text>
        <LatestValues object={object.name} size="sm" />
        <Anchor component={Link} to={paths.object(object.name)} size="sm">
          Open {object.title}
        </Anchor>
      </Stack>
    </Popup>
  );
}
