import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../components/map/BaseMap';
import { markerPaint } from '../../components/map/markers';
import { fitExtentOf, type MapFeatures } from './geo-features';
import type { FeatureCollection } from 'geojson';

const SOURCE = 'objects';
const POINTS = 'objects-points';
const LINES = 'objects-lines';
const FILLS = 'objects-fills';
/** A point alone is shown with a few kilometres around it: its valley or lake, not a blank tile. */
const FIT = { padding: 40, maxZoom: 13, duration: 0 } as const;

/** The parent is drawn faintly, the object itself strongest. */
const byRole = <T,>(self: T, parent: T, other: T) => ['match', ['get', 'role'], 'self', self, 'parent', parent, other] as unknown as T;
const fillPaint: FillLayerSpecification['paint'] = { 'fill-color': byRole('#1c7ed6', '#868e96', '#2f9e44'), 'fill-opacity': byRole(0.25, 0.08, 0.15) };
const linePaint: LineLayerSpecification['paint'] = {
  'line-color': byRole('#1864ab', '#495057', '#2b8a3e'),
  'line-width': byRole(2.5, 1.5, 1.5),
  'line-opacity': byRole(1, 0.7, 0.9),
};
/** Points in their marker style; the object itself a little larger, with a dark ring, to stand out among its children. */
const pointPaint = {
  ...markerPaint,
  'circle-radius': ['case', ['==', ['get', 'role'], 'self'], ['+', markerPaint!['circle-radius'], 3], markerPaint!['circle-radius']] as unknown as number,
  'circle-stroke-color': byRole('#212529', '#ffffff', '#ffffff'),
  'circle-stroke-width': byRole(2.5, 1.5, 1.5),
  'circle-opacity': byRole(1, 0.5, 0.9),
  'circle-stroke-opacity': byRole(1, 0.5, 0.9),
};

/**
 * A small map of objects' geometries (points, lines, polygons), fitted to the object
 * itself (role 'self') when it is among them, else to all of them.
 * Lazily loaded: MapLibre stays out of the pages' first chunks. `onSelect` is told the
 * name of a clicked object.
 */
export default function ObjectMap({
  features,
  label,
  height = 320,
  onSelect,
}: {
  features: MapFeatures;
  label: string;
  height?: number;
  onSelect?: (name: string) => void;
}) {
  const ref = useRef<MapRef>(null);
  const extent = useMemo(() => fitExtentOf(features.features), [features]);
  const fit = () => {
    if (extent) ref.current?.fitBounds(extent, FIT);
  };
  useEffect(fit, [extent]); // refit only when the extent changes
  const select = (e: MapLayerMouseEvent) => {
    const name = e.features?.[0]?.properties?.name;
    if (typeof name === 'string') onSelect?.(name);
  };
  return (
    <div style={{ height }}>
      <BaseMap
        ref={ref}
        label={label}
        {...(extent ? { initialViewState: { bounds: extent, fitBoundsOptions: FIT } } : {})}
        onLoad={fit}
        interactiveLayerIds={onSelect ? [POINTS, LINES, FILLS] : []}
        onClick={select}
        cursor={onSelect ? 'pointer' : 'grab'}
      >
        <Source id={SOURCE} type="geojson" data={features as FeatureCollection}>
          <Layer id={FILLS} type="fill" filter={['==', ['geometry-type'], 'Polygon']} paint={fillPaint} />
          <Layer id={LINES} type="line" filter={['any', ['==', ['geometry-type'], 'LineString'], ['==', ['geometry-type'], 'Polygon']]} paint={linePaint} />
          <Layer id={POINTS} type="circle" filter={['==', ['geometry-type'], 'Point']} paint={pointPaint} />
        </Source>
      </BaseMap>
    </div>
  );
}
