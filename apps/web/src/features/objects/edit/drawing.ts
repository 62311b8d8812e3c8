/**
 * Drawing a geometry on the map, click by click: the rules without the map, so they are
 * tested on their own. A drawing is a list of vertices of one kind; finishing it makes
 * GeoJSON (a polygon's ring closed by repeating its first vertex).
 */
import { bboxOf, type Bbox } from '../../../lib/bbox';

type Position = number[];
/** The geometries an object may have (the shared schema's inferred type leaves coordinates unknown). */
export type ObjectGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };
/** An object's `geo`: one geometry, or a collection of them. */
export type GeoJson =
  ObjectGeometry | { type: 'FeatureCollection'; features: { type: 'Feature'; properties: Record<string, never>; geometry: ObjectGeometry }[] };

export type DrawMode = 'Point' | 'LineString' | 'Polygon';
/** [longitude, latitude]. */
export type LonLat = [number, number];

export interface Drawing {
  mode: DrawMode;
  vertices: LonLat[];
  finished: boolean;
}

/** How many vertices each kind needs before it can be finished. */
export const MIN_VERTICES: Record<DrawMode, number> = { Point: 1, LineString: 2, Polygon: 3 };

/** A clicked position to 7 decimals (about a centimetre): no false precision in the saved GeoJSON. */
export const roundPosition = (p: LonLat): LonLat => [Math.round(p[0] * 1e7) / 1e7, Math.round(p[1] * 1e7) / 1e7];

export const startDrawing = (mode: DrawMode): Drawing => ({ mode, vertices: [], finished: false });

/** A click on the map: a point moves to it; lines and polygons grow until finished. */
export function addVertex(drawing: Drawing, at: LonLat): Drawing {
  if (drawing.mode === 'Point') return { ...drawing, vertices: [at], finished: true };
  if (drawing.finished) return drawing;
  return { ...drawing, vertices: [...drawing.vertices, at] };
}

/** A vertex dragged to a new place. */
export function moveVertex(drawing: Drawing, index: number, to: LonLat): Drawing {
  if (index < 0 || index >= drawing.vertices.length) return drawing;
  return { ...drawing, vertices: drawing.vertices.map((v, i) => (i === index ? to : v)) };
}

/** Takes the last vertex away; a finished shape can be drawn on again. */
export function undoVertex(drawing: Drawing): Drawing {
  return { ...drawing, vertices: drawing.vertices.slice(0, -1), finished: false };
}

export const canFinish = (drawing: Drawing) => drawing.vertices.length >= MIN_VERTICES[drawing.mode];

export function finishDrawing(drawing: Drawing): Drawing {
  return canFinish(drawing) ? { ...drawing, finished: true } : drawing;
}

const samePlace = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/** The drawing as GeoJSON, or null while it has too few vertices. */
export function toGeoJson(drawing: Drawing): GeoJson | null {
  if (!canFinish(drawing)) return null;
  const vertices = drawing.vertices.map((v): LonLat => [v[0], v[1]]);
  switch (drawing.mode) {
    case 'Point':
      return { type: 'Point', coordinates: vertices[0]! };
    case 'LineString':
      return { type: 'LineString', coordinates: vertices };
    case 'Polygon': {
      const open = samePlace(vertices[0]!, vertices[vertices.length - 1]!) ? vertices.slice(0, -1) : vertices;
      if (open.length < MIN_VERTICES.Polygon) return null;
      return { type: 'Polygon', coordinates: [[...open, open[0]!]] };
    }
  }
}

const lonLat = (position: readonly number[]): LonLat => [position[0]!, position[1]!];

/**
 * A saved geometry as a drawing to edit by dragging its vertices, or null when it cannot
 * be edited by clicking (several parts, a polygon with holes, a collection).
 */
export function fromGeoJson(geo: GeoJson | null | undefined): Drawing | null {
  if (!geo) return null;
  switch (geo.type) {
    case 'Point':
      return { mode: 'Point', vertices: [lonLat(geo.coordinates)], finished: true };
    case 'LineString':
      return { mode: 'LineString', vertices: geo.coordinates.map(lonLat), finished: true };
    case 'Polygon': {
      if (geo.coordinates.length !== 1) return null;
      const ring = geo.coordinates[0]!.map(lonLat);
      return { mode: 'Polygon', vertices: ring.slice(0, -1), finished: true };
    }
    default:
      return null;
  }
}

/** What the user is drawing, for the map: the line so far (a polygon closed back to its start). */
export function previewGeoJson(drawing: Drawing): GeoJson | null {
  if (drawing.finished) return toGeoJson(drawing);
  const vertices = drawing.vertices;
  if (vertices.length < 2) return null;
  const line = drawing.mode === 'Polygon' && vertices.length >= 3 ? [...vertices, vertices[0]!] : vertices;
  return { type: 'LineString', coordinates: line };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A sentence saying what a geometry is, for people who cannot see the map. */
export function describeGeometry(geo: GeoJson | null | undefined): string {
  if (!geo) return 'No geometry yet.';
  switch (geo.type) {
    case 'Point':
      return `A point at longitude ${geo.coordinates[0]}, latitude ${geo.coordinates[1]}.`;
    case 'LineString':
      return `A line of ${plural(geo.coordinates.length, 'point', 'points')}.`;
    case 'Polygon':
      return `A polygon of ${plural(geo.coordinates[0]!.length - 1, 'corner', 'corners')}${geo.coordinates.length > 1 ? ` with ${plural(geo.coordinates.length - 1, 'hole', 'holes')}` : ''}.`;
    case 'MultiLineString':
      return `${plural(geo.coordinates.length, 'line', 'lines')} (a MultiLineString).`;
    case 'MultiPolygon':
      return `${plural(geo.coordinates.length, 'polygon', 'polygons')} (a MultiPolygon).`;
    case 'FeatureCollection':
      return `A collection of ${plural(geo.features.length, 'shape', 'shapes')}.`;
  }
}

/** The box around every position of a geometry, [minLon, minLat, maxLon, maxLat]. */
export const boundsOf = (geo: GeoJson | null | undefined): Bbox | null => bboxOf(geo);
