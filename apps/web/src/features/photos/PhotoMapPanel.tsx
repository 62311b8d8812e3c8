import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconFocus2, IconSquareDashed, IconX } from '@tabler/icons-react';
import type { PhotoResult } from '@observatory/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Bbox } from '../../lib/bbox';
import { formatBbox } from './photo-query';
import type { PhotoMapHandle } from './PhotoMapCanvas';

const PhotoMapCanvas = lazy(() => import('./PhotoMapCanvas'));

const HEIGHT = { base: 280, sm: 380 };

/**
 * The map box of the photo search: "Draw a box" (then a drag on the map draws it), "Search
 * this map view" (the map's bounds become the box: the keyboard's way), "Clear the box";
 * the map itself below, with the photos found that have a position.
 */
export function PhotoMapPanel({ photos, bbox, onBbox, onOpen }: { photos: PhotoResult[]; bbox: string | null; onBbox: (bbox: string | null) => void; onOpen: (id: string) => void }) {
  const [drawing, setDrawing] = useState(false);
  const map = useRef<PhotoMapHandle>(null);
  // Escape stops drawing, wherever the focus is.
  useEffect(() => {
    if (!drawing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawing(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing]);
  const set = (box: Bbox | null | undefined) => {
    if (box) onBbox(formatBbox(box));
  };
  const hint = drawing ? 'Drag on the map to draw the box (Escape stops).' : bbox ? 'Only the photos placed inside the box are shown.' : 'The photos found that have a position are marked on the map.';
  return (
    <Stack gap="xs" component="section" aria-label="Map box">
      <Group gap="xs" wrap="wrap">
        <Button variant={drawing ? 'filled' : 'default'} aria-pressed={drawing} leftSection={<IconSquareDashed size={16} aria-hidden />} onClick={() => setDrawing((on) => !on)}>
          Draw a box
        </Button>
        <Button variant="default" leftSection={<IconFocus2 size={16} aria-hidden />} onClick={() => set(map.current?.viewBox())}>
          Search this map view
        </Button>
        {bbox ? (
          <Button variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={() => onBbox(null)}>
            Clear the box
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {hint}
      </Text>
      <Box h={HEIGHT} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        <Suspense fallback={<Box h="100%" bg="gray.1" />}>
          <PhotoMapCanvas
            ref={map}
            photos={photos}
            bbox={bbox}
            drawing={drawing}
            onDrawn={(box) => {
              setDrawing(false);
              set(box);
            }}
            onOpen={onOpen}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}
