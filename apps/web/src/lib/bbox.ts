import { BBOX_PATTERN, type Bbox } from '@observatory/shared';

export type { Bbox };

/** A GeoJSON geometry, feature or collection, as far as its positions go. */
export interface GeometryLike {
  type: string;
  coordinates?: unknown;
  geometry?: GeometryLike | null;
  features?: { geometry: GeometryLike | null }[];
}

/** Grows a box by every position in nested coordinate arrays. */
function extendBbox(box: Bbox | null, coordinates: unknown): Bbox | null {
  if (!Array.isArray(coordinates)) return box;
  const [lon, lat] = coordinates as unknown[];
  if (typeof lon === 'number' && typeof lat === 'number') {
    return box ? [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)] : [lon, lat, lon, lat];
  }
  return (coordinates as unknown[]).reduce<Bbox | null>(extendBbox, box);
}

/**
 * The box around every position of GeoJSON (a geometry, a feature or a collection of
 * them), however deeply nested; null when it has none. The one bounding-box helper of the
 * web: the map, an object's map and the geometry editor all use it.
 */
export function bboxOf(geo: GeometryLike | null | undefined): Bbox | null {
  if (!geo) return null;
  if (geo.features) {
    return geo.features.reduce<Bbox | null>((box, f) => {
      const inner = bboxOf(f.geometry);
      return inner ? extendBbox(extendBbox(box, [inner[0], inner[1]]), [inner[2], inner[3]]) : box;
    }, null);
  }
  if (geo.geometry !== undefined) return bboxOf(geo.geometry);
  return geo.coordinates === undefined ? null : extendBbox(null, geo.coordinates);
}

/** Degrees kept in a box written to the address: five decimals, about a metre. */
const DECIMALS = 5;
const round = (x: number) => {
  const r = Number(x.toFixed(DECIMALS));
  return Object.is(r, -0) ? 0 : r;
};
const clamp = (x: number, limit: number) => Math.min(limit, Math.max(-limit, x));

/**
 * A box read from the address or the API's spelling: null unless it is four numbers
 * west,south,east,north within -180…180 and -90…90, south not north of north, west not
 * east of east (what the API accepts; a box across the antimeridian is not).
 */
export function parseBbox(text: string | null | undefined): Bbox | null {
  const trimmed = text?.trim() ?? '';
  if (!BBOX_PATTERN.test(trimmed)) return null;
  const [w, s, e, n] = trimmed.split(',').map(Number) as Bbox;
  if ([w, e].some((x) => x < -180 || x > 180) || [s, n].some((y) => y < -90 || y > 90)) return null;
  if (s > n || w > e) return null;
  return [w, s, e, n];
}

/** A box as the address and the API spell it: "west,south,east,north", five decimals at most. */
export const formatBbox = (box: Bbox): string => box.map(round).join(',');

/**
 * The box two corners span (dragged on a map, in any order), in the API's bounds:
 * longitudes shifted back from a copy of the world to -180…180 (then clamped, so a box
 * across the antimeridian stops at it), latitudes clamped to -90…90; five decimals.
 */
export function boxFromCorners(a: readonly [number, number], b: readonly [number, number]): Bbox {
  let w = Math.min(a[0], b[0]);
  let e = Math.max(a[0], b[0]);
  const shift = Math.round((w + e) / 2 / 360) * 360;
  w = clamp(w - shift, 180);
  e = clamp(e - shift, 180);
  const s = clamp(Math.min(a[1], b[1]), 90);
  const n = clamp(Math.max(a[1], b[1]), 90);
  return [round(w), round(s), round(e), round(n)];
}

/** A box as a GeoJSON polygon, for a map's fill layer. */
export function boxPolygon([w, s, e, n]: Bbox): GeoJSON.Feature<GeoJSON.Polygon> {
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    },
  };
}
