import type { AppConfig } from '@observatory/shared';
import { paths } from '../../config/paths';

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

/** An area in a map's address (`?area=west,south,east,north`): a kept area's link opens the map on it. */
export const AREA_PARAM = 'area';

/** The area a map's address names, or null for none or one that is not a box on the globe. */
export function parseArea(search: string): Bbox | null {
  const text = new URLSearchParams(search).get(AREA_PARAM);
  const parts = text?.split(',').map(Number);
  if (!parts || parts.length !== 4 || parts.some((v) => !Number.isFinite(v))) return null;
  const [west, south, east, north] = parts as Bbox;
  const inRange = [west, east].every((lon) => Math.abs(lon) <= 180) && [south, north].every((lat) => Math.abs(lat) <= 90);
  return inRange && west < east && south < north ? [west, south, east, north] : null;
}

/** An area as its address writes it (five decimals: about a metre). */
export const formatArea = (area: Bbox) => area.map((v) => Number(v.toFixed(5))).join(',');

/**
 * What a map shows now, for what may be done with it (keep it offline: app/routes/map/KeepArea.tsx),
 * with the map's own ways to name it and its tiles (so that code need not import the map's).
 */
export interface MapArea {
  view: ResolvedView;
  /** West, south, east, north, within the globe. */
  bounds: Bbox;
  zoom: number;
  /** The catalogue's tile layers drawn (ObjectTiles.tsx). */
  layers: string[];
  /** The map's address on this area. */
  href: string;
  /** One tile's address in the API (tile-requests.ts), and the deepest zoom tiles are cut for. */
  tilePath: (layer: string, tile: { z: number; x: number; y: number }) => string;
  deepestTiles: number;
}

/** The map's address on an area: a view's, with `?area=`. */
export const areaHref = (view: ResolvedView, bounds: Bbox) => `${paths.map(view.name ?? undefined)}?${AREA_PARAM}=${formatArea(bounds)}`;

/** The box a map shows, within the globe (a map scrolled across the antimeridian shows past ±180°), in five decimals. */
export function shownBox(bounds: { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number }): Bbox {
  const lon = (v: number) => Number(Math.min(180, Math.max(-180, v)).toFixed(5));
  const lat = (v: number) => Number(Math.min(90, Math.max(-90, v)).toFixed(5));
  return [lon(bounds.getWest()), lat(bounds.getSouth()), lon(bounds.getEast()), lat(bounds.getNorth())];
}
