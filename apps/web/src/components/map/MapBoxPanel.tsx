import { Box, Button, Group, Stack, Text, type StackProps } from '@mantine/core';
import { IconFocus2, IconSquareDashed, IconX } from '@tabler/icons-react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';

export interface MapBoxPanelProps {
  /** The name of the panel as a section of the page; without one it is no section. */
  label?: string;
  /** The words of the button that makes the map's view the box. */
  viewLabel: string;
  /** The words of the button that clears the box; shown only while there is one. */
  clearLabel: string;
  hasBox: boolean;
  /** What is said under the buttons while not drawing. */
  hint: string;
  height: StackProps['h'];
  onView: () => void;
  onClear: () => void;
  /** The map (lazily loaded), told whether a drag draws and given what ends drawing. */
  children: (drawing: boolean, stopDrawing: () => void) => ReactNode;
}

/**
 * A map with its box controls: "Draw a box" (then a drag on the map draws it; Escape
 * stops), a button making the map's view the box (the keyboard's way), one clearing it,
 * a hint, and the map below.
 */
export function MapBoxPanel({ label, viewLabel, clearLabel, hasBox, hint, height, onView, onClear, children }: MapBoxPanelProps) {
  const [drawing, setDrawing] = useState(false);
  // Escape stops drawing, wherever the focus is.
  useEffect(() => {
    if (!drawing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawing(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing]);
  return (
    <Stack gap="xs" component={label ? 'section' : 'div'} aria-label={label}>
      <Group gap="xs" wrap="wrap">
        <Button
          variant={drawing ? 'filled' : 'default'}
          aria-pressed={drawing}
          leftSection={<IconSquareDashed size={16} aria-hidden />}
          onClick={() => setDrawing((on) => !on)}
        >
          Draw a box
        </Button>
        <Button variant="default" leftSection={<IconFocus2 size={16} aria-hidden />} onClick={onView}>
          {viewLabel}
        </Button>
        {hasBox ? (
          <Button variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
            {clearLabel}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {drawing ? 'Drag on the map to draw the box (Escape stops).' : hint}
      </Text>
      <Box h={height} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
        <Suspense fallback={<Box h="100%" bg="gray.1" />}>{children(drawing, () => setDrawing(false))}</Suspense>
      </Box>
    </Stack>
  );
}
