import type { SandboxObject } from '@observatory/shared';
import { forwardRef, useEffect, useEffectEvent, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Layer, Source, type MapLayerMouseEvent, type MapLayerTouchEvent, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { boxFromCorners, formatBox, type Box } from './sandbox-query';

/** What the panel around the map asks of it. */
export interface SandboxMapHandle {
  /** The box the map shows now (in the API's bounds); null before the map is there. */
  viewBox(): Box | null;
}

const BOX_COLOUR = '#1864ab';
const POINT_COLOUR = '#e8590c';
const FIT = { padding: 60, maxZoom: 13, duration: 0 } as const;
/** A drag shorter than this (pixels) is a click, not a box. */
const MIN_DRAG_PX = 5;
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

type Corner = [number, number];
type Drag = { start: Corner; from: { x: number; y: number }; last: Corner; to: { x: number; y: number } };

function polygonOf([w, s, e, n]: Box): GeoJSON.Feature<GeoJSON.Polygon> {
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] } };
}

/**
 * The sandbox's map (lazily loaded: MapLibre stays out of the page's first chunk): the
 * page's objects that have a place, the query's box, and a box drawn by dragging while
 * `drawing` is on. It fits the box when there is one, else the objects shown.
 */
const SandboxMapCanvas = forwardRef<SandboxMapHandle, { objects: SandboxObject[]; bbox: Box | null; drawing: boolean; onDrawn: (box: Box) => void }>(function SandboxMapCanvas(
  { objects, bbox, drawing, onDrawn },
  ref,
) {
  const map = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState<Box | null>(null);
  const drag = useRef<Drag | null>(null);

  useImperativeHandle(ref, () => ({
    viewBox: () => {
      const b = map.current?.getBounds();
      return b ? boxFromCorners([b.getWest(), b.getSouth()], [b.getEast(), b.getNorth()]) : null;
    },
  }));

  const points = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: objects.filter((o) => o.point).map((o) => ({ type: 'Feature', properties: { name: o.name, title: o.title }, geometry: { type: 'Point', coordinates: o.point! } })),
    }),
    [objects],
  );
  // What to fit, by value: the same places (or box) do not move the map again.
  const fitTo = useMemo(() => {
    if (bbox) return formatBox(bbox);
    const placed = objects.flatMap((o) => (o.point ? [o.point] : []));
    if (!placed.length) return '';
    const lons = placed.map((p) => p[0]);
    const lats = placed.map((p) => p[1]);
    return formatBox([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]);
  }, [bbox, objects]);
  useEffect(() => {
    if (!ready || !fitTo) return;
    const [w, s, e, n] = fitTo.split(',').map(Number) as Box;
    map.current?.fitBounds([w, s, e, n], FIT);
  }, [ready, fitTo]);

  const corner = (e: MapLayerMouseEvent | MapLayerTouchEvent): Corner => [e.lngLat.lng, e.lngLat.lat];
  const begin = (e: MapLayerMouseEvent | MapLayerTouchEvent) => {
    if (!drawing || ('points' in e && e.points.length !== 1)) return;
    drag.current = { start: corner(e), from: e.point, last: corner(e), to: e.point };
    setDraft(null);
  };
  const extend = (e: MapLayerMouseEvent | MapLayerTouchEvent) => {
    const d = drag.current;
    if (!d) return;
    d.last = corner(e);
    d.to = e.point;
    setDraft(boxFromCorners(d.start, d.last));
  };
  // The button may be let go outside the map: the window hears it.
  const finish = useEffectEvent(() => {
    const d = drag.current;
    drag.current = null;
    setDraft(null);
    if (!d || Math.hypot(d.to.x - d.from.x, d.to.y - d.from.y) < MIN_DRAG_PX) return;
    onDrawn(boxFromCorners(d.start, d.last));
  });
  useEffect(() => {
    const up = () => finish();
    window.addEventListener('mouseup', up);
    window.addEventListener('touchend', up);
    return () => {
      window.removeEventListener('mouseup', up);
      window.removeEventListener('touchend', up);
    };
  }, []);

  const boxData = useMemo(() => {
    const shown = draft ?? bbox;
    return shown ? polygonOf(shown) : EMPTY;
  }, [draft, bbox]);

  return (
    <div style={{ height: '100%', touchAction: drawing ? 'none' : undefined }} data-ready={ready} data-drawing={drawing} data-points={points.features.length}>
      <BaseMap
        ref={map}
        label="Map of the objects found"
        onLoad={() => setReady(true)}
        dragPan={!drawing}
        doubleClickZoom={!drawing}
        cursor={drawing ? 'crosshair' : 'grab'}
        onMouseDown={begin}
        onMouseMove={extend}
        onTouchStart={begin}
        onTouchMove={extend}
      >
        <Source id="sandbox-box" type="geojson" data={boxData}>
          <Layer id="sandbox-box-fill" type="fill" paint={{ 'fill-color': BOX_COLOUR, 'fill-opacity': 0.12 }} />
          <Layer id="sandbox-box-line" type="line" paint={{ 'line-color': BOX_COLOUR, 'line-width': 2 }} />
        </Source>
        <Source id="sandbox-points" type="geojson" data={points}>
          <Layer id="sandbox-points" type="circle" paint={{ 'circle-color': POINT_COLOUR, 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }} />
        </Source>
      </BaseMap>
    </div>
  );
});

export default SandboxMapCanvas;
