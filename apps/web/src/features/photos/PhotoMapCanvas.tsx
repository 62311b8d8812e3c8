import type { PhotoResult } from '@observatory/shared';
import { forwardRef, useEffect, useEffectEvent, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Layer, Source, type MapLayerMouseEvent, type MapLayerTouchEvent, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { bboxOf, type Bbox } from '../../lib/bbox';
import { boxFromCorners, boxPolygon, formatBbox, parseBbox } from './photo-query';
import { photoLabel } from './PhotoGrid';

/** What the panel around the map asks of it. */
export interface PhotoMapHandle {
  /** The box the map shows now (clamped to the API's bounds); null before the map is there. */
  viewBox(): Bbox | null;
}

export interface PhotoMapCanvasProps {
  photos: PhotoResult[];
  /** The box of the search, as the address spells it. */
  bbox: string | null;
  /** Dragging draws a box (instead of moving the map). */
  drawing: boolean;
  onDrawn: (box: Bbox) => void;
  /** A photo's marker was clicked. */
  onOpen: (id: string) => void;
}

const POINTS = 'photo-points';
const BOX_COLOUR = '#1864ab';
const POINT_COLOUR = '#e8590c';
/** The photos found shown with some room around them; a single one, with its valley around it. */
const FIT = { padding: 60, maxZoom: 13, duration: 0 } as const;
const BOX_FIT = { padding: 24, duration: 0 } as const;
/** A drag shorter than this (pixels) is a click, not a box. */
const MIN_DRAG_PX = 5;
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

type Corner = [number, number];
type Drag = { start: Corner; from: { x: number; y: number }; last: Corner; to: { x: number; y: number } };

/**
 * The map of the photo search: the photos found that have a position as markers (a click
 * opens one), the search's box, and a box drawn by dragging while `drawing` is on. It
 * shows the photos found as they change, until the reader moves it, draws a box or the
 * search has one; then it stays where they put it. A box arriving from elsewhere (the
 * address, back, forward) is shown whole.
 * Lazily loaded: MapLibre stays out of the page's first chunk.
 */
const PhotoMapCanvas = forwardRef<PhotoMapHandle, PhotoMapCanvasProps>(function PhotoMapCanvas({ photos, bbox, drawing, onDrawn, onOpen }, ref) {
  const map = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [view, setView] = useState('');
  const [draft, setDraft] = useState<Bbox | null>(null);
  const [hovered, setHovered] = useState(false);
  const drag = useRef<Drag | null>(null);
  /** The box last set from this map (drawn, or its view): shown already, not fitted to. */
  const own = useRef<string | null>(null);
  const [initialBox] = useState(() => parseBbox(bbox));
  /** The map follows the photos found until the reader moves it, draws or sets a box (or the address came with one). */
  const follows = useRef(!initialBox);

  useImperativeHandle(ref, () => ({
    viewBox: () => {
      const bounds = map.current?.getBounds();
      if (!bounds) return null;
      const box = boxFromCorners([bounds.getWest(), bounds.getSouth()], [bounds.getEast(), bounds.getNorth()]);
      own.current = formatBbox(box);
      follows.current = false;
      return box;
    },
  }));

  const points = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: photos
        .filter((p) => p.geo && p.geo.coordinates.length >= 2)
        .map((p) => ({ type: 'Feature', properties: { id: p.id, label: photoLabel(p) }, geometry: { type: 'Point', coordinates: p.geo!.coordinates.slice(0, 2) } })),
    }),
    [photos],
  );
  // By value: a new answer with the same places does not move the map.
  const extent = useMemo(() => {
    const box = bboxOf(points);
    return box ? formatBbox(box) : '';
  }, [points]);

  useEffect(() => {
    const box = parseBbox(extent);
    if (ready && follows.current && box) map.current?.fitBounds(box, FIT);
  }, [ready, extent]);

  useEffect(() => {
    if (!ready) return;
    const box = parseBbox(bbox);
    if (box) follows.current = false;
    if (box && bbox !== own.current) map.current?.fitBounds(box, BOX_FIT);
    own.current = bbox;
  }, [ready, bbox]);

  useEffect(() => {
    if (drawing) follows.current = false;
  }, [drawing]);

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
    const box = boxFromCorners(d.start, d.last);
    own.current = formatBbox(box);
    onDrawn(box);
  });
  useEffect(() => {
    const up = () => finish();
    window.addEventListener('mouseup', up);
    window.addEventListener('touchend', up);
    window.addEventListener('touchcancel', up);
    return () => {
      window.removeEventListener('mouseup', up);
      window.removeEventListener('touchend', up);
      window.removeEventListener('touchcancel', up);
    };
  }, []);

  const noteView = (target: { getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number } }) => {
    const b = target.getBounds();
    setView(formatBbox([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]));
  };
  // The same data while the box stays the same: the map is not given it again on every render.
  const boxData = useMemo(() => {
    const shown = draft ?? parseBbox(bbox);
    return shown ? boxPolygon(shown) : EMPTY;
  }, [draft, bbox]);

  return (
    // Touching the map while drawing draws: the page does not scroll under the finger.
    <div style={{ height: '100%', touchAction: drawing ? 'none' : undefined }} data-view={view} data-ready={ready} data-drawing={drawing}>
      <BaseMap
        ref={map}
        label="Map of the photos"
        {...(initialBox ? { initialViewState: { bounds: initialBox, fitBoundsOptions: BOX_FIT } } : {})}
        onLoad={(e) => {
          setReady(true);
          noteView(e.target);
        }}
        onMoveEnd={(e) => {
          // The reader moved the map: it stays where they put it.
          if (e.originalEvent) follows.current = false;
          noteView(e.target);
        }}
        dragPan={!drawing}
        doubleClickZoom={!drawing}
        cursor={drawing ? 'crosshair' : hovered ? 'pointer' : 'grab'}
        interactiveLayerIds={drawing ? [] : [POINTS]}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onClick={(e) => {
          const id = e.features?.[0]?.properties?.id;
          if (!drawing && typeof id === 'string') onOpen(id);
        }}
        onMouseDown={begin}
        onMouseMove={extend}
        onTouchStart={begin}
        onTouchMove={extend}
      >
        <Source id="photo-box" type="geojson" data={boxData}>
          <Layer id="photo-box-fill" type="fill" paint={{ 'fill-color': BOX_COLOUR, 'fill-opacity': 0.12 }} />
          <Layer id="photo-box-line" type="line" paint={{ 'line-color': BOX_COLOUR, 'line-width': 2, ...(draft ? { 'line-dasharray': [2, 1] } : {}) }} />
        </Source>
        <Source id="photo-points" type="geojson" data={points}>
          <Layer id={POINTS} type="circle" paint={{ 'circle-color': POINT_COLOUR, 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }} />
        </Source>
      </BaseMap>
    </div>
  );
});

export default PhotoMapCanvas;
