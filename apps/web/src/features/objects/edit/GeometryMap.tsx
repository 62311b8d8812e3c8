import { useEffect, useRef } from 'react';
import { Layer, Marker, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap } from '../../../components/map/BaseMap';
import { boundsOf, previewGeoJson, roundPosition, type Drawing, type GeoJson, type LonLat } from './drawing';

const SHAPE_COLOUR = '#1864ab';
const DRAWING_COLOUR = '#e8590c';

/** MapLibre wants Features; a FeatureCollection is one already. */
const asData = (geo: GeoJson) => (geo.type === 'FeatureCollection' ? geo : { type: 'Feature' as const, properties: {}, geometry: geo });

function fitTo(map: MapRef | null, geo: GeoJson | null) {
  const box = boundsOf(geo);
  if (!map || !box) return;
  if (box[0] === box[2] && box[1] === box[3]) map.jumpTo({ center: [box[0], box[1]], zoom: 14 });
  else map.fitBounds(box, { padding: 40, duration: 0, maxZoom: 17 });
}

const vertexStyle: React.CSSProperties = {
  width: 14,
  height: 14,
  borderRadius: '50%',
  background: '#fff',
  border: `3px solid ${DRAWING_COLOUR}`,
  cursor: 'grab',
  boxSizing: 'border-box',
};

export interface GeometryMapProps {
  geo: GeoJson | null;
  drawing: Drawing | null;
  onAdd: (at: LonLat) => void;
  onMove: (index: number, to: LonLat) => void;
  /** Changes when a shape arrives from elsewhere (pasted, typed): the map then shows it whole. */
  fitVersion: number;
}

/**
 * The object's geometry on the map: the saved shape, the one being drawn (its vertices
 * dragged to move them) and clicks on the map that add vertices.
 */
export default function GeometryMap({ geo, drawing, onAdd, onMove, fitVersion }: GeometryMapProps) {
  const map = useRef<MapRef>(null);
  const fitted = useRef(false);
  const drawingActive = !!drawing && !drawing.finished;
  const preview = drawing && !drawing.finished ? previewGeoJson(drawing) : null;

  // Once the map is there, show the shape that was loaded; later changes come from the user.
  useEffect(() => {
    if (fitted.current || !geo || !map.current) return;
    fitted.current = true;
    fitTo(map.current, geo);
  }, [geo]);

  // Fit to the shape when asked (a pasted shape), not on every edit: moving a vertex must
  // not move the map under the pointer. So `geo` is read but deliberately not a dependency.
  useEffect(() => {
    if (fitVersion > 0) fitTo(map.current, geo);
  }, [fitVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  const onClick = (e: MapLayerMouseEvent) => {
    // A click on a vertex (a marker over the canvas) is not a new vertex.
    if ((e.originalEvent.target as HTMLElement | null)?.tagName !== 'CANVAS') return;
    onAdd(roundPosition([e.lngLat.lng, e.lngLat.lat]));
  };

  return (
    <BaseMap
      ref={map}
      label="Geometry map"
      onLoad={() => {
        if (geo && !fitted.current) {
          fitted.current = true;
          fitTo(map.current, geo);
        }
      }}
      onClick={onClick}
      cursor={drawingActive || drawing?.mode === 'Point' ? 'crosshair' : 'grab'}
      doubleClickZoom={!drawingActive}
    >
      {geo ? (
        <Source id="object-geometry" type="geojson" data={asData(geo)}>
          <Layer id="object-fill" type="fill" filter={['==', ['geometry-type'], 'Polygon']} paint={{ 'fill-color': SHAPE_COLOUR, 'fill-opacity': 0.2 }} />
          <Layer id="object-line" type="line" filter={['!=', ['geometry-type'], 'Point']} paint={{ 'line-color': SHAPE_COLOUR, 'line-width': 2 }} />
          <Layer
            id="object-point"
            type="circle"
            filter={['==', ['geometry-type'], 'Point']}
            paint={{ 'circle-color': SHAPE_COLOUR, 'circle-radius': 6, 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 }}
          />
        </Source>
      ) : null}
      {preview ? (
        <Source id="drawing" type="geojson" data={asData(preview)}>
          <Layer id="drawing-line" type="line" paint={{ 'line-color': DRAWING_COLOUR, 'line-width': 2, 'line-dasharray': [2, 1] }} />
        </Source>
      ) : null}
      {drawing?.vertices.map((v, i) => (
        <Marker key={i} longitude={v[0]} latitude={v[1]} draggable onDragEnd={(e) => onMove(i, roundPosition([e.lngLat.lng, e.lngLat.lat]))}>
          <div style={vertexStyle} data-testid="vertex" title={`Point ${i + 1}: drag to move`} />
        </Marker>
      ))}
    </BaseMap>
  );
}
