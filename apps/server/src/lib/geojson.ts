import type { GeoJson, Geometry, Position } from '@observatory/shared';

/**
 * GeoJSON as the catalogue writes it for other programs (RFC 7946): the one serializer of
 * every GeoJSON answer (the object list's pages and stream, an object's detail, the
 * sandbox's export, the map data, the OGC API - Features' items). docs/api.md, "GeoJSON
 * exports", lists what it writes.
 *
 * - A stored FeatureCollection (kept as a GeometryCollection, lib/geometry.ts) is one
 *   Feature whose geometry is a GeometryCollection of its members: a FeatureCollection is
 *   not a geometry, and GIS readers drop the shape of a Feature that holds one.
 * - Polygon rings follow the right-hand rule (RFC 7946 section 3.1.6): an exterior ring
 *   counter-clockwise, holes clockwise, whichever way they were drawn or imported. The
 *   stored geometry is not changed: the JSON API answers it as it was sent.
 * - Properties are flat: the fixed ones first, then each metadata field under its own
 *   name, its value as stored (a number stays a number), then summaries (a sandbox
 *   export's metric statistics). A metadata field whose name GIS readers would take for
 *   another property (compared without case, as GDAL compares field names) is written
 *   with METADATA_PREFIX, and so is one that already starts with it, so no two fields
 *   ever share a name.
 */

export type GeometryCollection = { type: 'GeometryCollection'; geometries: Geometry[] };
export type ExportGeometry = Geometry | GeometryCollection;

export interface ExportFeature {
  type: 'Feature';
  id?: string;
  geometry: ExportGeometry | null;
  properties: Record<string, unknown>;
}

/** Put before a metadata field's name that clashes with another property. */
export const METADATA_PREFIX = 'metadata_';

/** Names that formats GDAL writes take for themselves: the feature id (GeoJSON, GeoPackage's fid) and GeoPackage's geometry column. */
const FORMAT_NAMES = ['id', 'fid', 'geom', 'geometry'];

/** Twice the signed area of a ring in the plane of longitude and latitude: positive when counter-clockwise. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/** The ring turning the way asked (counter-clockwise or not); a ring of no area stays as it is. */
function turned(ring: Position[], counterClockwise: boolean): Position[] {
  const area = signedArea(ring);
  return area === 0 || area > 0 === counterClockwise ? ring : [...ring].reverse();
}

/** A polygon's rings by the right-hand rule: the exterior counter-clockwise, holes clockwise. */
const rightHanded = (rings: Position[][]) => rings.map((ring, i) => turned(ring, i === 0));

/** The geometry with its polygons' rings by the right-hand rule. */
export function withRightHandRule<G extends ExportGeometry>(geometry: G): G {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: rightHanded(geometry.coordinates as Position[][]) };
    case 'MultiPolygon':
      return { ...geometry, coordinates: (geometry.coordinates as Position[][][]).map(rightHanded) };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map((g) => withRightHandRule(g)) };
    default:
      return geometry;
  }
}

/**
 * The RFC 7946 geometry of an object's geometry: the API's GeoJSON (a FeatureCollection
 * becomes a GeometryCollection of its features' geometries) or PostGIS's (a
 * GeometryCollection already), rings by the right-hand rule; null for none.
 */
export function exportGeometry(geo: GeoJson | ExportGeometry | null | undefined): ExportGeometry | null {
  if (!geo) return null;
  const geometry: ExportGeometry = geo.type === 'FeatureCollection' ? { type: 'GeometryCollection', geometries: geo.features.map((f) => f.geometry) } : geo;
  return withRightHandRule(geometry);
}

/**
 * Flat properties: `fixed` in order, then the metadata fields (in the order of `fields`
 * when given, else by name; a field an object lacks is left out), then `summaries`.
 * A metadata field named like a fixed property, a summary or a name formats use for
 * themselves (FORMAT_NAMES), compared without case, or starting with METADATA_PREFIX, is
 * written with METADATA_PREFIX before its name.
 */
export function flatProperties(
  fixed: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
  options: { fields?: readonly string[]; summaries?: Record<string, unknown> } = {},
): Record<string, unknown> {
  const summaries = options.summaries ?? {};
  const taken = new Set([...FORMAT_NAMES, ...Object.keys(fixed), ...Object.keys(summaries)].map((name) => name.toLowerCase()));
  const prefix = METADATA_PREFIX.toLowerCase();
  const written = (field: string) => (taken.has(field.toLowerCase()) || field.toLowerCase().startsWith(prefix) ? `${METADATA_PREFIX}${field}` : field);
  const fields = options.fields ?? Object.keys(metadata).sort();
  const properties: Record<string, unknown> = { ...fixed };
  for (const field of fields) if (Object.hasOwn(metadata, field)) properties[written(field)] = metadata[field];
  return Object.assign(properties, summaries);
}

/** A Feature: `id` (a string) beside the geometry, never among the properties. */
export function feature(input: {
  id?: string;
  geo: GeoJson | ExportGeometry | null | undefined;
  properties: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  fields?: readonly string[];
  summaries?: Record<string, unknown>;
}): ExportFeature {
  const properties = flatProperties(input.properties, input.metadata, input);
  return { type: 'Feature', ...(input.id !== undefined ? { id: input.id } : {}), geometry: exportGeometry(input.geo), properties };
}

export const featureCollection = (features: ExportFeature[]) => ({ type: 'FeatureCollection' as const, features });

/**
 * A FeatureCollection's text, a piece per batch of features as they are read: a stream of
 * any length in the memory of one batch. One feature a line.
 */
export async function* featureCollectionText(batches: AsyncIterable<ExportFeature[]> | Iterable<ExportFeature[]>): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":[';
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield `${first ? '\n' : ',\n'}${batch.map((f) => JSON.stringify(f)).join(',\n')}`;
    first = false;
  }
  yield '\n]}\n';
}
