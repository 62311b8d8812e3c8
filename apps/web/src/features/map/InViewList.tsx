import { List, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { MapData } from '@observatory/shared';

type Feature = MapData['features'][number];
export type ObjectFeature = Feature & { properties: { cluster: false } };

/** Long lists help nobody: zooming in shows the rest. */
const MAX_LISTED = 50;

/**
 * The objects drawn on the map as a list of buttons: the keyboard and screen reader way
 * to open an object's popup.
 */
export function InViewList({ features, onChoose }: { features: Feature[]; onChoose: (feature: ObjectFeature) => void }) {
  const objects = features.filter((f): f is ObjectFeature => !f.properties.cluster).sort((a, b) => a.properties.title.localeCompare(b.properties.title));
  const clustered = features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.count : 0), 0);
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        In view
      </Title>
      {objects.length === 0 && clustered === 0 ? <Text size="sm">No objects in this part of the map.</Text> : null}
      {objects.length > 0 ? (
        <List listStyleType="none" spacing={2} mah={240} style={{ overflowY: 'auto' }}>
          {objects.slice(0, MAX_LISTED).map((f) => (
            <List.Item key={f.properties.id}>
              <UnstyledButton onClick={() => onChoose(f)} fz="sm" c="blue.8" td="underline">
                {f.properties.title}
              </UnstyledButton>
            </List.Item>
          ))}
        </List>
      ) : null}
      {objects.length > MAX_LISTED ? <Text size="sm">and {objects.length - MAX_LISTED} more: zoom in to list them.</Text> : null}
      {clustered > 0 ? <Text size="sm">{clustered} more in clusters: zoom in to see them apart.</Text> : null}
    </Stack>
  );
}
