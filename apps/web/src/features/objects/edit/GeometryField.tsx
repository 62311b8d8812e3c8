import { Alert, Box, Button, Group, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { COORDINATE_LIMITS } from '@observatory/shared';
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

/** A coordinate as typed: its number, or why it is none (the text stays in the field as typed). */
function coordinate(text: string, what: 'Longitude' | 'Latitude'): { value: number | null; error: string | null } {
  const typed = text.trim();
  if (!typed) return { value: null, error: null };
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(typed)) return { value: null, error: `${what} is a number of degrees, like ${what === 'Latitude' ? '46.52' : '7.43'}` };
  const value = Number(typed);
  const limit = COORDINATE_LIMITS[what === 'Latitude' ? 'latitude' : 'longitude'];
  if (Math.abs(value) > limit) return { value: null, error: `${what} ${typed} is outside [-${limit}, ${limit}]` };
  return { value, error: null };
}

function PointInputs({ geo, onSet }: { geo: GeoJson | null; onSet: (at: LonLat) => void }) {
  const current = geo?.type === 'Point' ? geo.coordinates : null;
  const [savedLon, savedLat] = [current?.[0], current?.[1]];
  const [lonText, setLonText] = useState(savedLon === undefined ? '' : String(savedLon));
  const [latText, setLatText] = useState(savedLat === undefined ? '' : String(savedLat));
  // A point placed on the map shows in the inputs.
  useEffect(() => {
    setLonText(savedLon === undefined ? '' : String(savedLon));
    setLatText(savedLat === undefined ? '' : String(savedLat));
  }, [savedLon, savedLat]);
  // Out of range or not a number: the text stays as typed, the error under it, and no point is set.
  const lon = coordinate(lonText, 'Longitude');
  const lat = coordinate(latText, 'Latitude');
  const at: LonLat | null = lon.value !== null && lat.value !== null ? [lon.value, lat.value] : null;
  return (
    <Group align="flex-start" gap="sm">
      <TextInput label="Longitude" inputMode="decimal" value={lonText} onChange={(e) => setLonText(e.currentTarget.value)} error={lon.error} w={160} />
      <TextInput label="Latitude" inputMode="decimal" value={latText} onChange={(e) => setLatText(e.currentTarget.value)} error={lat.error} w={160} />
      <Button variant="default" disabled={!at} onClick={() => at && onSet(at)} mt={25}>
        Set point
      </Button>
      <MyPosition onSet={onSet} />
    </Group>
  );
}

/** Degrees to 6 decimals: about 0.1 m, finer than any phone's fix. */
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

const POSITION_ERRORS: Record<number, string> = {
  1: 'This browser may not tell the device’s position: allow it in the site’s settings, or set the point by hand.',
  2: 'The device could not find its position (no fix yet). Try again in the open, or set the point by hand.',
  3: 'The device took too long to find its position. Try again, or set the point by hand.',
};

/** The point where the device is (in the field, with no network too: a phone's GPS needs none). */
function MyPosition({ onSet }: { onSet: (at: LonLat) => void }) {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!('geolocation' in navigator)) return null;
  const locate = () => {
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onSet([rounded(coords.longitude), rounded(coords.latitude)]);
      },
      (failure) => {
        setLocating(false);
        setError(POSITION_ERRORS[failure.code] ?? failure.message);
      },
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  };
  return (
    <Stack gap={4} mt={25}>
      <Button variant="default" onClick={locate} loading={locating}>
        Use my position
      </Button>
      {error ? (
        <Text c="danger" size="sm" role="alert" maw={320}>
          {error}
        </Text>
      ) : null}
    </Stack>
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
