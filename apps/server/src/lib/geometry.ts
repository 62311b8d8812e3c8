import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Bbox, FeatureCollection, GeoJson, Geometry } from '@observatory/shared';
import { rowsOf, type Db } from '../db/client.js';
import { invalidField } from './errors.js';

/**
 * Map geometry in PostGIS: stored as geometry(Geometry, 4326), two-dimensional.
 *
 * A FeatureCollection is stored as a GeometryCollection of its features' geometries and,
 * since the API takes no GeometryCollection of its own, every GeometryCollection read
 * back is answered as a FeatureCollection of its members (properties {}). What was sent
 * as a FeatureCollection is answered as one, feature for feature, in the same order.
 *
 * PostGIS calls used (all in PostGIS 3.3 and in PGlite's 3.6): ST_GeomFromGeoJSON,
 * ST_SetSRID, ST_IsValidDetail, ST_IsValidReason, GeometryType, ST_NumGeometries, ST_GeometryN,
 * ST_AsGeoJSON, ST_XMin/ST_YMin/ST_XMax/ST_YMax, ST_Extent, ST_MakeEnvelope and &&.
 */

/** Digits after the decimal point in answers: PostGIS's most (15), so stored values come back as sent. */
export const GEOJSON_DECIMALS = 15;

type GeometryCollection = { type: 'GeometryCollection'; geometries: Geometry[] };

/** Two numbers per position: the column holds no elevation. */
function flat(geometry: Geometry): Geometry {
  const strip = (value: unknown): unknown => (Array.isArray(value) && typeof value[0] === 'number' ? [value[0], value[1]] : (value as unknown[]).map(strip));
  return { type: geometry.type, coordinates: strip(geometry.coordinates) } as Geometry;
}

/** The geometry PostGIS is given: only type and coordinates; a FeatureCollection as a GeometryCollection. */
export function postgisGeoJson(geo: GeoJson): Geometry | GeometryCollection {
  if (geo.type === 'FeatureCollection') return { type: 'GeometryCollection', geometries: geo.features.map((f) => flat(f.geometry)) };
  return flat(geo);
}

/** SQL for a validated GeoJSON value as a PostGIS geometry(Geometry, 4326), for inserts and updates. */
export function geometrySql(geo: GeoJson): SQL {
  return sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(postgisGeoJson(geo))}::text), 4326)`;
}

/**
 * Checks in the database what the schema cannot (self-intersecting or degenerate rings,
 * a hole outside its shell...). Throws a 400 naming `field` (for a FeatureCollection, the
 * feature: `${field}.features.3.geometry`) with PostGIS's reason, e.g.
 * "The geometry is not valid: Self-intersection[0.5 0.5]".
 */
export async function validateGeometry(db: Db, geo: GeoJson, field = 'body.geo'): Promise<void> {
  const result = await db.execute(sql`
    with input as (select ${geometrySql(geo)} as g),
    parts as (
      select n, case when GeometryType(g) = 'GEOMETRYCOLLECTION' then ST_GeometryN(g, n) else g end as part
      from input, generate_series(1, case when GeometryType(g) = 'GEOMETRYCOLLECTION' then ST_NumGeometries(g) else 1 end) as n
    )
    select n, ST_IsValidReason(part) as reason from parts where not (ST_IsValidDetail(part)).valid order by n limit 1`);
  const invalid = rowsOf<{ n: number; reason: string }>(result)[0];
  if (!invalid) return;
  const where = geo.type === 'FeatureCollection' ? `${field}.features.${Number(invalid.n) - 1}.geometry` : field;
  throw invalidField(where, `The geometry is not valid: ${invalid.reason}`);
}

/** A FeatureCollection of a GeometryCollection's members: how a stored FeatureCollection is answered. */
export function featureCollectionOf(collection: GeometryCollection): FeatureCollection {
  return { type: 'FeatureCollection', features: collection.geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })) };
}

/**
 * The API's GeoJSON of a geometry column as a json value built by the database, for answers
 * written whole in SQL: what geoJsonOf answers, the stored GeometryCollection of a
 * FeatureCollection included (one Feature per member, empty properties).
 */
export function geoJsonValue(column: SQLWrapper): SQL {
  const digits = sql.raw(String(GEOJSON_DECIMALS));
  const feature = (n: SQL) =>
    sql`json_build_object('type', 'Feature', 'properties', '{}'::json, 'geometry', ST_AsGeoJSON(ST_GeometryN(${column}, ${n}), ${digits})::json)`;
  return sql`case when GeometryType(${column}) = 'GEOMETRYCOLLECTION'
    then json_build_object('type', 'FeatureCollection', 'features', coalesce((select json_agg(${feature(sql`n`)} order by n) from generate_series(1, ST_NumGeometries(${column})) n), '[]'::json))
    else ST_AsGeoJSON(${column}, ${digits})::json end`;
}

/** The GeoJSON to answer for ST_AsGeoJSON's text (or a driver's parsed json). */
export function geoJsonFromDb(value: string | object): GeoJson {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as Geometry | GeometryCollection;
  return parsed.type === 'GeometryCollection' ? featureCollectionOf(parsed) : parsed;
}

/**
 * SQL reading a geometry column as the API's GeoJSON, for drizzle selects:
 * `select({ geo: geoJsonOf(objects.geo) })` answers GeoJson, or null for no geometry.
 */
export function geoJsonOf(column: SQLWrapper, decimals = GEOJSON_DECIMALS): SQL<GeoJson | null> {
  const digits = Math.min(GEOJSON_DECIMALS, Math.max(0, Math.trunc(decimals)));
  return sql`ST_AsGeoJSON(${column}, ${sql.raw(String(digits))})`.mapWith(geoJsonFromDb) as SQL<GeoJson | null>;
}

const toBbox = (value: string | number[]) => (typeof value === 'string' ? JSON.parse(value) : value).map(Number) as Bbox;

/** [xmin, ymin, xmax, ymax] of a geometry or box, as JSON; null for null. */
const boxJson = (box: SQLWrapper) =>
  sql`case when ${box} is null then null else json_build_array(ST_XMin(${box}), ST_YMin(${box}), ST_XMax(${box}), ST_YMax(${box})) end`.mapWith(
    toBbox,
  ) as SQL<Bbox | null>;

/** SQL for one geometry's bounding box [minLon, minLat, maxLon, maxLat] (null for no geometry). */
export function bboxOf(column: SQLWrapper): SQL<Bbox | null> {
  return boxJson(column);
}

/** SQL aggregate: the box around every selected row's geometry (ST_Extent); null when none has one. */
export function extentOf(column: SQLWrapper): SQL<Bbox | null> {
  return boxJson(sql`ST_Extent(${column})`);
}

/**
 * SQL condition: the geometry's bounding box overlaps the box (PostGIS &&, served by a GiST
 * index). Coarse on purpose, as a map view needs: a shape whose box overlaps but which
 * itself lies outside is included.
 */
export function withinBbox(column: SQLWrapper, bbox: Bbox): SQL {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  return sql`${column} && ST_MakeEnvelope(${minLon}::float8, ${minLat}::float8, ${maxLon}::float8, ${maxLat}::float8, 4326)`;
}

/**
 * Rows whose extent (a plain `box` column, see db/schema/objects.ts) overlaps the
 * bounding box: the same test as withinBbox on the geometry, answered from the index.
 */
export function extentOverlaps(column: SQLWrapper, bbox: Bbox): SQL {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  return sql`${column} && box(point(${minLon}::float8, ${minLat}::float8), point(${maxLon}::float8, ${maxLat}::float8))`;
}
