import type { CircleLayerSpecification } from 'maplibre-gl';
import type { MARKER_STYLES } from '@observatory/shared';

type MarkerStyle = (typeof MARKER_STYLES)[number];

/** How each marker style of the spec is drawn: colour and radius of its circle. */
export const MARKER_LOOK: Record<MarkerStyle, { color: string; radius: number; label: string }> = {
  default: { color: '#1c7ed6', radius: 8, label: 'Site or property' },
  mini: { color: '#495057', radius: 4, label: 'Small marker' },
  veg: { color: '#2f9e44', radius: 6, label: 'Vegetation' },
  soil: { color: '#a0522d', radius: 6, label: 'Soil' },
};

const byMarker = <T>(pick: (look: (typeof MARKER_LOOK)[MarkerStyle]) => T, fallback: T) =>
  ['match', ['get', 'marker'], ...Object.entries(MARKER_LOOK).flatMap(([style, look]) => [style, pick(look)]), fallback] as unknown as number;

/** Circle paint for features whose `marker` property names their style. */
export const markerPaint: CircleLayerSpecification['paint'] = {
  'circle-color': byMarker((l) => l.color, MARKER_LOOK.default.color) as unknown as string,
  'circle-radius': byMarker((l) => l.radius, MARKER_LOOK.default.radius),
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1.5,
};
