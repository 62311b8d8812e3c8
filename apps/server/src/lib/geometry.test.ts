import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BboxSchema, GeoJsonInputSchema, GeoJsonSchema } from '@observatory/shared';
import { bboxOf, geoJsonFromDb, geoJsonOf, geometrySql, postgisGeoJson, withinBbox } from './geometry.js';

const dialect = new PgDialect();
const render = (query: ReturnType<typeof sql>) => dialect.sqlToQuery(query);

/** The issues of a refused value, as [path, message]. */
function issuesOf(value: unknown): [string, string][] {
  const result = GeoJsonInputSchema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value)}`);
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];

describe('GeoJSON schema', () => {
  it('takes the five geometry kinds and a FeatureCollection of them', () => {
    for (const geo of [
      { type: 'Point', coordinates: [8.54, 47.37] },
      {
        type: 'LineString',
        coordinates: [
          [8.5, 47.3],
          [8.6, 47.4],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [8.5, 47.3],
            [8.6, 47.4],
          ],
          [
            [9, 46],
            [9.1, 46.1],
            [9.2, 46],
          ],
        ],
      },
      { type: 'Polygon', coordinates: [square] },
      {
        type: 'MultiPolygon',
        coordinates: [
          [square],
          [
            [
              [2, 2],
              [3, 2],
              [3, 3],
              [2, 2],
            ],
          ],
        ],
      },
    ]) {
      expect(GeoJsonInputSchema.parse(geo)).toEqual(geo);
    }
    const collection = GeoJsonInputSchema.parse({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', id: 7, properties: { name: 'Plot A' }, geometry: { type: 'Polygon', coordinates: [square] } }],
    });
    expect(collection).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [square] } }],
    });
  });

  it('accepts an elevation, ignores bbox and a WGS 84 crs, and keeps only type and coordinates', () => {
    expect(GeoJsonInputSchema.parse({ type: 'Point', coordinates: [8.54, 47.37, 408], bbox: [8.54, 47.37, 8.54, 47.37] })).toEqual({
      type: 'Point',
      coordinates: [8.54, 47.37, 408],
    });
    const crs = { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } };
    expect(GeoJsonInputSchema.parse({ type: 'Point', crs, coordinates: [1, 2] })).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(issuesOf({ type: 'Point', crs: { type: 'name', properties: { name: 'EPSG:3857' } }, coordinates: [1, 2] })).toEqual([
      ['crs', 'Only WGS 84 longitude/latitude coordinates are accepted (omit "crs"); got "EPSG:3857"'],
    ]);
  });

  it('refuses coordinates out of range or not numbers, naming the place', () => {
    expect(issuesOf({ type: 'Point', coordinates: [181, -91] })).toEqual([
      ['coordinates.0', 'Longitude 181 is outside [-180, 180]'],
      ['coordinates.1', 'Latitude -91 is outside [-90, 90] (positions are [longitude, latitude])'],
    ]);
    expect(
      issuesOf({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, '2'],
        ],
      }),
    ).toEqual([['coordinates.1.1', 'Latitude must be a finite number']]);
    expect(issuesOf({ type: 'Point', coordinates: [Number.POSITIVE_INFINITY, 0] })).toEqual([['coordinates.0', 'Longitude must be a finite number']]);
    expect(issuesOf({ type: 'Point', coordinates: [1, 2, 3, 4] })).toEqual([
      ['coordinates', 'A position is [longitude, latitude] or [longitude, latitude, elevation]; got 4 numbers'],
    ]);
  });

  it('refuses too few positions and unclosed rings', () => {
    expect(issuesOf({ type: 'LineString', coordinates: [[0, 0]] })).toEqual([['coordinates', 'A LineString needs at least 2 positions; got 1']]);
    expect(
      issuesOf({
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
          [[0, 0]],
        ],
      }),
    ).toEqual([['coordinates.1', 'A LineString needs at least 2 positions; got 1']]);
    expect(
      issuesOf({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      }),
    ).toEqual([['coordinates.0', 'A polygon ring needs at least 4 positions, the last the same as the first; got 3']]);
    expect(
      issuesOf({
        type: 'Polygon',
        coordinates: [
          square,
          [
            [0.2, 0.2],
            [0.4, 0.2],
            [0.4, 0.4],
            [0.2, 0.5],
          ],
        ],
      }),
    ).toEqual([['coordinates.1', 'A polygon ring must be closed: its last position [0.2, 0.5] must equal its first [0.2, 0.2]']]);
    expect(issuesOf({ type: 'Polygon', coordinates: [] })).toEqual([['coordinates', 'A Polygon needs at least one ring (its outer boundary)']]);
    expect(issuesOf({ type: 'FeatureCollection', features: [] })).toEqual([['features', 'A FeatureCollection needs at least one feature']]);
  });

  it('refuses wrong nesting, saying what was expected', () => {
    expect(issuesOf({ type: 'Polygon', coordinates: square })).toEqual([
      ['coordinates', "A Polygon's coordinates are a list of rings, each a list of positions; got a list of positions (a LineString's coordinates)"],
    ]);
    expect(issuesOf({ type: 'MultiPolygon', coordinates: [square] })).toEqual([
      [
        'coordinates',
        "A MultiPolygon's coordinates are a list of polygons, each a list of rings of positions; got a list of lists of positions (a Polygon's or MultiLineString's coordinates)",
      ],
    ]);
    expect(issuesOf({ type: 'Point', coordinates: [[1, 2]] })).toEqual([
      ['coordinates', "A Point's coordinates are one position [longitude, latitude]; got a list of positions (a LineString's coordinates)"],
    ]);
    expect(issuesOf({ type: 'LineString', coordinates: 5 })).toEqual([
      ['coordinates', "A LineString's coordinates are a list of positions; got a single number"],
    ]);
  });

  it('refuses unknown types and members that are not features', () => {
    const kinds = 'Point, LineString, MultiLineString, Polygon, MultiPolygon';
    expect(issuesOf({ type: 'Circle', coordinates: [0, 0] })).toEqual([['type', `Unknown GeoJSON type "Circle": expected one of ${kinds}, FeatureCollection`]]);
    expect(issuesOf({ type: 'MultiPoint', coordinates: [[0, 0]] })[0]![1]).toMatch(/^Unknown GeoJSON type "MultiPoint"/);
    expect(issuesOf({ coordinates: [0, 0] })).toEqual([['type', `Missing "type": expected one of ${kinds}, FeatureCollection`]]);
    expect(issuesOf({ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } })[0]![1]).toMatch(/^A single Feature is not accepted/);
    expect(issuesOf('POINT(0 0)')).toEqual([['', `Expected GeoJSON: an object with "type" one of ${kinds}, FeatureCollection`]]);
    expect(
      issuesOf({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: null },
          { type: 'Feature', geometry: { type: 'GeometryCollection', geometries: [] } },
          { type: 'Point', coordinates: [0, 0] },
        ],
      }),
    ).toEqual([
      ['features.0.geometry', `Expected a geometry: an object with "type" one of ${kinds}`],
      ['features.1.geometry.type', `Unknown geometry type "GeometryCollection": expected one of ${kinds}`],
      ['features.2.type', 'Each member of "features" must have "type": "Feature"'],
      ['features.2.geometry', `Expected a geometry: an object with "type" one of ${kinds}`],
    ]);
  });
});

describe('GeoJSON answer schema', () => {
  it('serialises what the database answers (no transform, so responses can be encoded)', () => {
    const answer = geoJsonFromDb({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: [square] },
        { type: 'Point', coordinates: [1, 2] },
      ],
    });
    expect(z.encode(GeoJsonSchema, answer)).toEqual(answer);
    expect(
      z.encode(GeoJsonSchema, {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
  });
  it('has a JSON Schema for the OpenAPI document, input and answer', () => {
    expect(JSON.stringify(z.toJSONSchema(GeoJsonInputSchema, { io: 'input' }))).toContain('"const":"FeatureCollection"');
    expect(JSON.stringify(z.toJSONSchema(GeoJsonSchema, { io: 'output' }))).toContain('"const":"MultiPolygon"');
  });
});

describe('bounding box query value', () => {
  it('is four numbers minLon,minLat,maxLon,maxLat', () => {
    expect(BboxSchema.parse('5.9,45.8,10.5,47.8')).toEqual([5.9, 45.8, 10.5, 47.8]);
    expect(BboxSchema.parse(' -180 , -90,180, 90 ')).toEqual([-180, -90, 180, 90]);
    expect(BboxSchema.parse('1,1,1,1')).toEqual([1, 1, 1, 1]);
  });
  it('is refused when not four numbers, out of range or reversed, saying why', () => {
    const messageOf = (text: string) => BboxSchema.safeParse(text).error?.issues[0]?.message;
    expect(messageOf('1,2,3')).toBe('A bounding box is four numbers "minLon,minLat,maxLon,maxLat"; got "1,2,3"');
    expect(messageOf('1,2,3,north')).toMatch(/^A bounding box is four numbers/);
    expect(messageOf('1,2,,4')).toMatch(/^A bounding box is four numbers/);
    expect(messageOf('0x1,2,3,4')).toMatch(/^A bounding box is four numbers/);
    expect(messageOf('Infinity,2,3,4')).toMatch(/^A bounding box is four numbers/);
    expect(messageOf('-190,0,10,10')).toBe('minLon -190 is outside [-180, 180]');
    expect(messageOf('0,0,10,95')).toBe('maxLat 95 is outside [-90, 90]');
    expect(messageOf('170,0,-170,10')).toBe('minLon 170 is greater than maxLon -170 (a box crossing the antimeridian is not accepted: send two)');
    expect(messageOf('0,10,10,0')).toBe('minLat 10 is greater than maxLat 0');
  });
});

describe('geometry SQL', () => {
  it('gives PostGIS only type and two-dimensional coordinates, as a parameter', () => {
    const query = render(geometrySql({ type: 'Point', coordinates: [8.54, 47.37, 408] }));
    expect(query.sql).toBe('ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326)');
    expect(query.params).toEqual(['{"type":"Point","coordinates":[8.54,47.37]}']);
  });

  it('gives a FeatureCollection as a GeometryCollection of its geometries, in order', () => {
    const geo = GeoJsonInputSchema.parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { a: 1 }, geometry: { type: 'Point', coordinates: [1, 2, 3] } },
        {
          type: 'Feature',
          properties: null,
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [0, 0, 5],
                [1, 1, 6],
              ],
            ],
          },
        },
      ],
    });
    expect(postgisGeoJson(geo)).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [1, 2] },
        {
          type: 'MultiLineString',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
      ],
    });
  });

  it('answers a GeometryCollection as a FeatureCollection and other geometries as they are', () => {
    expect(geoJsonFromDb('{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}')).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(geoJsonFromDb({ type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [1, 2] }] })).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }],
    });
  });

  it('reads back with ST_AsGeoJSON and filters by box with && ST_MakeEnvelope', () => {
    const column = sql.identifier('geo');
    expect(render(geoJsonOf(column)).sql).toBe('ST_AsGeoJSON("geo", 15)');
    expect(render(geoJsonOf(column, 6)).sql).toBe('ST_AsGeoJSON("geo", 6)');
    expect(render(bboxOf(column)).sql).toContain('json_build_array(ST_XMin("geo"), ST_YMin("geo"), ST_XMax("geo"), ST_YMax("geo"))');
    const query = render(withinBbox(column, [5.9, 45.8, 10.5, 47.8]));
    expect(query.sql).toBe('"geo" && ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326)');
    expect(query.params).toEqual([5.9, 45.8, 10.5, 47.8]);
  });
});
