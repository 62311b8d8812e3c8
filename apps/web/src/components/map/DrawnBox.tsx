import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { boxPolygon, type Bbox } from '../../lib/bbox';
import type { FeatureCollection } from 'geojson';

const BOX_COLOUR = '#1864ab';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * A map's box: the one being drawn (`draft`, dashed) while there is one, else the query's
 * (`box`). Layers `<id>-fill` and `<id>-line` in source `id`.
 */
export function DrawnBox({ id, box, draft }: { id: string; box: Bbox | null; draft: Bbox | null }) {
  // The same data while the boxes stay the same: the map is not given it again on every render.
  const data = useMemo(() => {
    const shown = draft ?? box;
    return shown ? boxPolygon(shown) : EMPTY;
  }, [draft, box]);
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer id={`${id}-fill`} type="fill" paint={{ 'fill-color': BOX_COLOUR, 'fill-opacity': 0.12 }} />
      <Layer id={`${id}-line`} type="line" paint={{ 'line-color': BOX_COLOUR, 'line-width': 2, ...(draft ? { 'line-dasharray': [2, 1] } : {}) }} />
    </Source>
  );
}
