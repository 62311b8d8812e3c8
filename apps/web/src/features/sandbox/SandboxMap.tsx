import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconFocus2, IconSquareDashed, IconX } from '@tabler/icons-react';
import type { SandboxObject } from '@observatory/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Box as MapBox } from './sandbox-query';
import type { SandboxMapHandle } from './SandboxMapCanvas';

const SandboxMapCanvas = lazy(() => import('./SandboxMapCanvas'));

const HEIGHT = { base: 300, sm: 440 };

/**
 * The Map tab: the page's objects that have a place, and the query's map area: "Draw a
 * box" (a drag on the map draws it), "Use this map view" (the keyboard's way), "Clear".
 */
export function SandboxMap({ objects, bbox, onBbox }: { objects: SandboxObject[]; bbox: MapBox | null; onBbox: (box: MapBox | null) => void }) {
  const [drawing, setDrawing] = useState(false);
  const map = useRef<SandboxMapHandle>(null);
  useEffect(() => {
    if (!drawing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawing(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing]);
  const placed = objects.filter((o) => o.point).length;
  const hint = drawing
    ? 'Drag on the map to draw the box (Escape stops).'
    : `${placed} of the ${objects.length} objects on this page have a place on the map.${bbox ? ' Only objects overlapping the box are found.' : ''}`;
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button variant={drawing ? 'filled' : 'default'} aria-pressed={drawing} leftSection={<IconSquareDashed size={16} aria-hidden />} onClick={() => setDrawing((on) => !on)}>
          Draw a box
        </Button>
        <Button
          variant="default"
          leftSection={<IconFocus2 size={16} aria-hidden />}
          onClick={() => {
            const box = map.current?.viewBox();
            if (box) onBbox(box);
          }}
        >
          Use this map view
        </Button>
        {bbox ? (
          <Button variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={() => onBbox(null)}>
            Clear the map area
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {hint}
      </Text>
      <Box h={HEIGHT} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        <Suspense fallback={<Box h="100%" bg="gray.1" />}>
          <SandboxMapCanvas
            ref={map}
            objects={objects}
            bbox={bbox}
            drawing={drawing}
            onDrawn={(box) => {
              setDrawing(false);
              onBbox(box);
            }}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}
