import { Alert, Box, Button, Group, NumberInput, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  addVertex,
  canFinish,
  describeGeometry,
  finishDrawing,
  fromGeoJson,
  MIN_VERTICES,
  moveVertex,
  startDrawing,
  toGeoJson,
  undoVertex,
  type DrawMode,
  type Drawing,
  type GeoJson,
  type LonLat,
} from './drawing';
import { geoJsonText, parseGeoJsonText } from './geojson-text';

const GeometryMap = lazy(() => import('./GeometryMap'));

const MODES: { mode: DrawMode; label: string }[] = [
  { mode: 'Point', label: 'Draw a point' },
  { mode: 'LineString', label: 'Draw a line' },
  { mode: 'Polygon', label: 'Draw a polygon' },
];
const KIND_NAMES: Record<DrawMode, string> = { Point: 'point', LineString: 'line', Polygon: 'polygon' };

function PointInputs({ geo, onSet }: { geo: GeoJson | null; onSet: (at: LonLat) => void }) {
  const current = geo?.type === 'Point' ? geo.coordinates : null;
  const [savedLon, savedLat] = [current?.[0], current?.[1]];
  const [lon, setLon] = useState<number | string>(savedLon ?? '');
  const [lat, setLat] = useState<number | string>(savedLat ?? '');
  // A point placed on the map shows in the inputs.
  useEffect(() => {
    setLon(savedLon ?? '');
    setLat(savedLat ?? '');
  }, [savedLon, savedLat]);
  const ready = typeof lon === 'number' && typeof lat === 'number';
  return (
    <Group align="flex-end" gap="sm">
      <NumberInput label="Longitude" min={-180} max={180} decimalScale={7} clampBehavior="strict" value={lon} onChange={setLon} w={160} />
      <NumberInput label="Latitude" min={-90} max={90} decimalScale={7} clampBehavior="strict" value={lat} onChange={setLat} w={160} />
      <Button variant="default" disabled={!ready} onClick={() => ready && onSet([lon, lat])}>
        Set point
      </Button>
    </Group>
  );
}

function GeoJsonText({ geo, onApply }: { geo: GeoJson | null; onApply: (geo: GeoJson | null) => void }) {
  const [text, setText] = useState(() => geoJsonText(geo));
  const [error, setError] = useState<string | null>(null);
  // The shape changed on the map: the text follows.
  useEffect(() => {
    setText(geoJsonText(geo));
    setError(null);
  }, [geo]);
  const apply = () => {
    const result = parseGeoJsonText(text);
    setError(result.error);
    if (!result.error) onApply(result.geo);
  };
  return (
    <Stack gap="xs">
      <Textarea
        label="GeoJSON"
        description="Paste a Geometry, a Feature or a FeatureCollection (positions are [longitude, latitude]), then apply it. Empty: no geometry."
        autosize
        minRows={3}
        maxRows={14}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
      />
      <Button variant="default" w="fit-content" onClick={apply}>
        Apply GeoJSON
      </Button>
    </Stack>
  );
}

/**
 * The object's geometry: drawn on the map (a point, a line or a polygon, vertices dragged
 * to move them), typed as a point's longitude and latitude, or pasted as GeoJSON.
 * `onUnfinished` tells the form that a drawing is under way and not yet finished.
 */
export function GeometryField({
  value,
  onChange,
  error,
  onUnfinished,
}: {
  value: GeoJson | null;
  onChange: (geo: GeoJson | null) => void;
  error: string | null;
  onUnfinished: (unfinished: boolean) => void;
}) {
  const [drawing, setDrawing] = useState<Drawing | null>(() => fromGeoJson(value));
  const [fitVersion, setFitVersion] = useState(0);
  const unfinished = !!drawing && !drawing.finished && drawing.vertices.length > 0;
  useEffect(() => onUnfinished(unfinished), [unfinished, onUnfinished]);

  /** A shape from elsewhere (text, point inputs) becomes the one to edit on the map. */
  const replace = (geo: GeoJson | null) => {
    setDrawing(fromGeoJson(geo));
    onChange(geo);
    if (geo) setFitVersion((v) => v + 1);
  };
  const update = (next: Drawing) => {
    setDrawing(next);
    if (next.finished) onChange(toGeoJson(next));
  };
  const notEditable = value && !fromGeoJson(value) && !unfinished;
  const drawingActive = drawing && !drawing.finished;

  return (
    <Stack gap="sm">
      <Text aria-live="polite" data-testid="geometry-summary">
        {describeGeometry(value)}
        {unfinished ? ` Drawing a ${KIND_NAMES[drawing.mode]}: ${drawing.vertices.length} ${drawing.vertices.length === 1 ? 'point' : 'points'} so far.` : ''}
      </Text>
      {error ? (
        <Text c="danger" role="alert">
          {error}
        </Text>
      ) : null}
      {notEditable ? (
        <Alert color="gray" title="Several parts">
          This {value.type} cannot be edited by clicking. Draw a new shape to replace it, or change its GeoJSON below.
        </Alert>
      ) : null}
      <Group gap="xs">
        {MODES.map(({ mode, label }) => (
          <Button key={mode} size="xs" variant={drawing?.mode === mode && drawingActive ? 'filled' : 'default'} onClick={() => setDrawing(startDrawing(mode))}>
            {label}
          </Button>
        ))}
      </Group>
      {drawingActive ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {drawing.mode === 'Point'
              ? 'Click on the map to place the point.'
              : `Click on the map to add points (at least ${MIN_VERTICES[drawing.mode]}), then finish.`}
          </Text>
          {drawing.mode !== 'Point' ? (
            <Button size="xs" disabled={!canFinish(drawing)} onClick={() => update(finishDrawing(drawing))}>
              Finish
            </Button>
          ) : null}
        </Group>
      ) : null}
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={!drawing || drawing.vertices.length === 0} onClick={() => drawing && setDrawing(undoVertex(drawing))}>
          Undo last point
        </Button>
        <Button size="xs" variant="default" color="danger" disabled={!value && !drawing?.vertices.length} onClick={() => replace(null)}>
          Clear
        </Button>
      </Group>
      <Box h={380} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)' }}>
        <Suspense fallback={<Skeleton h="100%" role="status" aria-label="Loading the map" />}>
          <GeometryMap
            geo={value}
            drawing={drawing}
            fitVersion={fitVersion}
            onAdd={(at) => drawingActive && update(addVertex(drawing, at))}
            onMove={(i, to) => drawing && update(moveVertex(drawing, i, to))}
          />
        </Suspense>
      </Box>
      <PointInputs geo={value} onSet={(at) => replace({ type: 'Point', coordinates: at })} />
      <GeoJsonText geo={value} onApply={replace} />
    </Stack>
  );
}
