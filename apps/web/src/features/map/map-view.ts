import type { AppConfig } from '@observatory/shared';

import { bboxOf, type Bbox, type GeometryLike } from '../../lib/bbox';

export type { Bbox };

/** What one map screen shows: a configured view, or every type for /map. */
export interface ResolvedView {
  /** Null for /map itself. */
  name: string | null;
  title: string;
  /** Object type slugs; empty: every type. */
  types: string[];
  /** Undefined: the site-wide style. */
  styleUrl: string | undefined;
  extent: Bbox | null;
}

/** The view named in the address, the whole map without a name, or null for a name not configured. */
export function resolveView(views: AppConfig['map']['views'], name: string | undefined): ResolvedView | null {
  if (!name) return { name: null, title: 'Map', types: [], styleUrl: undefined, extent: null };
  const view = views.find((v) => v.name === name);
  if (!view) return null;
  return { name: view.name, title: view.title, types: view.types, styleUrl: view.styleUrl ?? undefined, extent: view.extent ?? null };
}

/**
 * The types the map shows: the view's types (or, for every type, the known ones) less
 * those switched off; undefined stands for every type; an empty list, none.
 */
export function requestedTypes(viewTypes: string[], allTypes: string[], hidden: ReadonlySet<string>): string[] | undefined {
  if (viewTypes.length > 0) return viewTypes.filter((t) => !hidden.has(t));
  if (hidden.size === 0) return undefined;
  return allTypes.filter((t) => !hidden.has(t));
}

/** The bounding box of a GeoJSON geometry or FeatureCollection; null when it has no positions. */
export const geometryBbox = (geo: GeometryLike | null | undefined): Bbox | null => bboxOf(geo);

/** Where an object's popup opens before its map marker is known: its point, or its box's centre. */
export function geometryAnchor(geo: GeometryLike | null | undefined): [number, number] | null {
  if (geo?.type === 'Point' && Array.isArray(geo.coordinates)) return [geo.coordinates[0] as number, geo.coordinates[1] as number];
  const box = geometryBbox(geo);
  return box ? [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] : null;
}

/** A cluster's diameter in pixels: grows with the logarithm of its count, within 28 to 64. */
export function clusterDiameter(count: number): number {
  return Math.round(Math.min(64, 28 + 8 * Math.log10(Math.max(count, 1))));
}
