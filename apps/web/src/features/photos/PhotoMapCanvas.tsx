import type { PhotoResult } from '@observatory/shared';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Layer, Source, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { DrawnBox } from '../../components/map/DrawnBox';
import { boxInView, useBoxDrawing } from '../../components/map/use-box-drawing';
import { bboxOf, type Bbox } from '../../lib/bbox';
import { formatBbox, mapPointOf, parseBbox } from './photo-query';
import { photoLabel } from './PhotoGrid';
import type { FeatureCollection } from 'geojson';

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
const POINT_COLOUR = '#e8590c';
/** The photos found shown with some room around them; a single one, with its valley around it. */
const FIT = { padding: 60, maxZoom: 13, duration: 0 } as const;
const BOX_FIT = { padding: 24, duration: 0 } as const;

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
  const [hovered, setHovered] = useState(false);
  /** The box last set from this map (drawn, or its view): shown already, not fitted to. */
  const own = useRef<string | null>(null);
  const [initialBox] = useState(() => parseBbox(bbox));
  /** The map follows the photos found until the reader moves it, draws or sets a box (or the address came with one). */
  const follows = useRef(!initialBox);
  const searchBox = useMemo(() => parseBbox(bbox), [bbox]);
  const { draft, mapProps } = useBoxDrawing({
    drawing,
    onDrawn: (box) => {
      own.current = formatBbox(box);
      onDrawn(box);
    },
  });

  useImperativeHandle(ref, () => ({
    viewBox: () => {
      const box = boxInView(map.current);
      if (!box) return null;
      own.current = formatBbox(box);
      follows.current = false;
      return box;
    },
  }));

  const points = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: photos.flatMap((p) => {
        const at = mapPointOf(p);
        return at ? [{ type: 'Feature' as const, properties: { id: p.id, label: photoLabel(p) }, geometry: { type: 'Point' as const, coordinates: at } }] : [];
      }),
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

  const noteView = (target: { getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number } }) => {
    const b = target.getBounds();
    setView(formatBbox([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]));
  };

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
        {...mapProps}
        cursor={drawing ? 'crosshair' : hovered ? 'pointer' : 'grab'}
        interactiveLayerIds={drawing ? [] : [POINTS]}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onClick={(e) => {
          const id = e.features?.[0]?.properties?.id;
          if (!drawing && typeof id === 'string') onOpen(id);
        }}
      >
        <DrawnBox id="photo-box" box={searchBox} draft={draft} />
        <Source id="photo-points" type="geojson" data={points}>
          <Layer
            id={POINTS}
            type="circle"
            paint={{ 'circle-color': POINT_COLOUR, 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
          />
        </Source>
      </BaseMap>
    </div>
  );
});

export default PhotoMapCanvas;
