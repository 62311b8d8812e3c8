import type { SandboxObject } from '@observatory/shared';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Layer, Source, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { DrawnBox } from '../../components/map/DrawnBox';
import { boxInView, useBoxDrawing } from '../../components/map/use-box-drawing';
import { bboxOf } from '../../lib/bbox';
import { formatBox, type Box } from './sandbox-query';
import type { FeatureCollection } from 'geojson';

/** What the panel around the map asks of it. */
export interface SandboxMapHandle {
  /** The box the map shows now (in the API's bounds); null before the map is there. */
  viewBox(): Box | null;
}

const POINT_COLOUR = '#e8590c';
const FIT = { padding: 60, maxZoom: 13, duration: 0 } as const;

/**
 * The sandbox's map (lazily loaded: MapLibre stays out of the page's first chunk): the
 * page's objects that have a place, the query's box, and a box drawn by dragging while
 * `drawing` is on. It fits the box when there is one, else the objects shown.
 */
const SandboxMapCanvas = forwardRef<SandboxMapHandle, { objects: SandboxObject[]; bbox: Box | null; drawing: boolean; onDrawn: (box: Box) => void }>(
  function SandboxMapCanvas({ objects, bbox, drawing, onDrawn }, ref) {
    const map = useRef<MapRef>(null);
    const [ready, setReady] = useState(false);
    const { draft, mapProps } = useBoxDrawing({ drawing, onDrawn });

    useImperativeHandle(ref, () => ({ viewBox: () => boxInView(map.current) }));

    const points = useMemo<FeatureCollection>(
      () => ({
        type: 'FeatureCollection',
        features: objects
          .filter((o) => o.point)
          .map((o) => ({ type: 'Feature', properties: { name: o.name, title: o.title }, geometry: { type: 'Point', coordinates: o.point! } })),
      }),
      [objects],
    );
    // What to fit, by value: the same places (or box) do not move the map again.
    const fitTo = useMemo(() => {
      const box = bbox ?? bboxOf(points);
      return box ? formatBox(box) : '';
    }, [bbox, points]);
    useEffect(() => {
      if (!ready || !fitTo) return;
      const [w, s, e, n] = fitTo.split(',').map(Number) as Box;
      map.current?.fitBounds([w, s, e, n], FIT);
    }, [ready, fitTo]);

    return (
      <div style={{ height: '100%', touchAction: drawing ? 'none' : undefined }} data-ready={ready} data-drawing={drawing} data-points={points.features.length}>
        <BaseMap ref={map} label="Map of the objects found" onLoad={() => setReady(true)} {...mapProps} cursor={drawing ? 'crosshair' : 'grab'}>
          <DrawnBox id="sandbox-box" box={bbox} draft={draft} />
          <Source id="sandbox-points" type="geojson" data={points}>
            <Layer
              id="sandbox-points"
              type="circle"
              paint={{ 'circle-color': POINT_COLOUR, 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 }}
            />
          </Source>
        </BaseMap>
      </div>
    );
  },
);

export default SandboxMapCanvas;
