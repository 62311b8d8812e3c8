import { sql } from 'drizzle-orm';
import { fromGeojsonVt } from 'vt-pbf';
import { MAP_TILES } from '@observatory/shared';
import { rowsOf, type Db } from '../../../db/client.js';

/**
 * Mapbox Vector Tile encoding of the map's points (https://github.com/mapbox/vector-tile-spec,
 * version 2): one layer, `objects`, of points in tile coordinates (0..4096, y down). On a
 * PostgreSQL server PostGIS's ST_AsMVT writes the bytes; the embedded database's PostGIS is
 * built without protobuf, so vt-pbf writes them in Node. Both take the same features and a
 * test on PostgreSQL checks they decode alike.
 */

export const TILE_LAYER = MAP_TILES.pointsLayer;
export const TILE_EXTENT = 4096;

/** The properties a tile's point may carry, with their SQL types (the order ST_AsMVT writes them in). */
const PROPERTY_TYPES = {
  cluster: 'boolean',
  count: 'int',
  west: 'float8',
  south: 'float8',
  east: 'float8',
  north: 'float8',
  id: 'text',
  name: 'text',
  title: 'text',
  marker: 'text',
  types: 'text',
} as const;

type PropertyName = keyof typeof PROPERTY_TYPES;
export type TileProperties = Partial<Record<PropertyName, string | number | boolean>>;

/** One point of a tile: integer tile coordinates and its properties. */
export interface TileFeature {
  x: number;
  y: number;
  properties: TileProperties;
}

/** The tile's bytes written in Node. */
export function encodeInNode(features: TileFeature[]): Uint8Array {
  const layer = { features: features.map((f) => ({ type: 1, geometry: [[f.x, f.y]], tags: f.properties })) };
  // vt-pbf reads geojson-vt's tile shape; its typings ask for geojson-vt's whole index.
  return fromGeojsonVt({ [TILE_LAYER]: layer } as unknown as Parameters<typeof fromGeojsonVt>[0], { version: 2, extent: TILE_EXTENT });
}

const recordType = sql.raw(
  Object.entries(PROPERTY_TYPES)
    .map(([name, type]) => `"${name}" ${type}`)
    .join(', '),
);
const propertyColumns = sql.raw(
  Object.keys(PROPERTY_TYPES)
    .map((name) => `r."${name}"`)
    .join(', '),
);

/** The tile's bytes written by PostGIS (ST_AsMVT leaves out a property whose value is null, as vt-pbf does an absent one). */
export async function encodeInPostgis(d: Db, features: TileFeature[]): Promise<Uint8Array> {
  const rows = JSON.stringify(features.map((f) => ({ ...f.properties, x: f.x, y: f.y })));
  const result = await d.execute(sql`
    select ST_AsMVT(f, ${TILE_LAYER}, ${TILE_EXTENT}, 'geom') as tile from (
      select ST_Point(r.x, r.y) as geom, ${propertyColumns}
      from jsonb_to_recordset(${rows}::jsonb) as r(x int, y int, ${recordType})) f`);
  const [row] = rowsOf<{ tile: Uint8Array | null }>(result);
  return row?.tile ?? new Uint8Array();
}
