import type { Bbox } from '@observatory/shared';

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
