import fs from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BboxSchema, fieldLabel, GeoJsonInputSchema, GeoJsonSchema, type GeoJson } from '@observatory/shared';
import { rowsOf, type Database } from '../../db/client.js';
import { bboxOf, extentOf, geoJsonOf, geometrySql, validateGeometry, withinBbox } from '../../lib/geometry.js';
import errorsPlugin from '../../plugins/errors.js';
import { openTestDatabase } from '../../../test/harness.js';

/**
 * The geometry layer on a real database (embedded PostGIS, or PostgreSQL + PostGIS with
 * TEST_DATABASE_URL), through a small app that takes and answers GeoJSON the way the
 * objects routes do: the schema on the body, validateGeometry, geometrySql, geoJsonOf.
 * The table is made here (an ordinary one: a temporary table would live on one pooled
 * connection only); the database is this file's own copy.
 */

const FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/neon_domains.geojson');

let database: Database;
let app: FastifyInstance;

const shapes = sql.identifier('geo_shapes');
const geo = sql.identifier('geo');

async function insert(value: GeoJson, name = 'shape'): Promise<number> {
  const rows = await database.use((db) => db.execute(sql`insert into ${shapes} (name, geo) values (${name}, ${geometrySql(value)}) returning id`));
  return rowsOf<{ id: number }>(rows)[0]!.id;
}

async function read(id: number): Promise<GeoJson | null> {
  const [row] = await database.use((db) =>
    db
      .select({ geo: geoJsonOf(geo) })
      .from(sql`${shapes}`)
      .where(sql`id = ${id}`),
  );
  return row!.geo;
}

const count = async () => rowsOf<{ n: number }>(await database.use((db) => db.execute(sql`select count(*)::int as n from ${shapes}`)))[0]!.n;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.use((db) => db.execute(sql`create table ${shapes} (id serial primary key, name text not null, geo geometry(Geometry, 4326))`));
  app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/shapes', { schema: { body: z.object({ name: z.string(), geo: GeoJsonInputSchema }) } }, async (request, reply) => {
    const { name, geo: value } = request.body;
    await database.use((db) => validateGeometry(db, value));
    return reply.status(201).send({ id: await insert(value, name) });
  });
  typed.get(
    '/shapes/:id',
    { schema: { params: z.object({ id: z.coerce.number().int() }), response: { 200: z.object({ geo: GeoJsonSchema }) } } },
    async (request) => ({
      geo: (await read(request.params.id))!,
    }),
  );
  typed.get('/shapes', { schema: { querystring: z.object({ bbox: BboxSchema }) } }, async (request) => {
    const rows = await database.use((db) => db.execute(sql`select name from ${shapes} where ${withinBbox(geo, request.query.bbox)} order by name`));
    return { names: rowsOf<{ name: string }>(rows).map((row) => row.name) };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (name: string, value: unknown) => app.inject({ method: 'POST', url: '/shapes', payload: { name, geo: value } });

const ring = (x: number, y: number, size = 1) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const bowTie = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
  [0, 0],
];

describe('geometry round trip', () => {
  const kinds: Record<string, GeoJson> = {
    Point: { type: 'Point', coordinates: [8.5417, 47.3769] },
    LineString: {
      type: 'LineString',
      coordinates: [
        [8.5, 47.3],
        [8.55, 47.35],
        [8.6, 47.4],
      ],
    },
    MultiLineString: {
      type: 'MultiLineString',
      coordinates: [
        [
          [8.5, 47.3],
          [8.6, 47.4],
        ],
        [
          [-122.4194155, 37.7749295],
          [-122.27, 37.8],
        ],
      ],
    },
    Polygon: { type: 'Polygon', coordinates: [ring(7, 46, 2), ring(7.5, 46.5, 0.5).reverse()] },
    MultiPolygon: { type: 'MultiPolygon', coordinates: [[ring(-180, -90, 10)], [ring(170, 80, 10)]] },
  };

  for (const [kind, value] of Object.entries(kinds)) {
    it(`stores and answers a ${kind} as sent`, async () => {
      const res = await post(kind, value);
      expect(res.statusCode).toBe(201);
      const answer = await app.inject({ method: 'GET', url: `/shapes/${res.json<{ id: number }>().id}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ geo: value });
    });
  }

  it('answers a FeatureCollection as a FeatureCollection: same geometries, same order, properties dropped', async () => {
    const sent = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { plot: 'A' }, geometry: kinds.Polygon },
        { type: 'Feature', id: 'well', properties: null, geometry: kinds.Point },
        { type: 'Feature', properties: {}, geometry: kinds.MultiLineString },
      ],
    };
    const res = await post('collection', sent);
    expect(res.statusCode).toBe(201);
    const answer = await app.inject({ method: 'GET', url: `/shapes/${res.json<{ id: number }>().id}` });
    expect(answer.json()).toEqual({
      geo: { type: 'FeatureCollection', features: sent.features.map((f) => ({ type: 'Feature', properties: {}, geometry: f.geometry })) },
    });
  });

  it('answers a FeatureCollection of one feature as a FeatureCollection', async () => {
    const sent = GeoJsonInputSchema.parse({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: kinds.Point }] });
    expect(await read(await insert(sent))).toEqual({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: kinds.Point }] });
  });

  it('drops an elevation and keeps 15 decimals', async () => {
    const id = await insert({ type: 'Point', coordinates: [-168.12443258799996, 71.40623505600007, 1200] });
    expect(await read(id)).toEqual({ type: 'Point', coordinates: [-168.12443258799996, 71.40623505600007] });
  });

  it('answers null for no geometry', async () => {
    const rows = await database.use((db) => db.execute(sql`insert into ${shapes} (name) values ('nowhere') returning id`));
    expect(await read(rowsOf<{ id: number }>(rows)[0]!.id)).toBeNull();
  });
});

describe('invalid geometry answers 400 naming the field and saying why, and stores nothing', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['out-of-range longitude', { type: 'Point', coordinates: [190, 47] }, 'body.geo.coordinates.0', /^Longitude 190 is outside \[-180, 180\]$/],
    [
      'out-of-range latitude',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 91],
            [0, 0],
          ],
        ],
      },
      'body.geo.coordinates.0.2.1',
      /^Latitude 91 is outside/,
    ],
    ['an unclosed ring', { type: 'Polygon', coordinates: [ring(0, 0).slice(0, 4)] }, 'body.geo.coordinates.0', /^A polygon ring must be closed/],
    [
      'a ring of too few positions',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      'body.geo.coordinates.0',
      /needs at least 4 positions, the last the same as the first; got 3$/,
    ],
    ['a LineString of one position', { type: 'LineString', coordinates: [[0, 0]] }, 'body.geo.coordinates', /needs at least 2 positions; got 1$/],
    [
      'wrong nesting',
      { type: 'Polygon', coordinates: ring(0, 0) },
      'body.geo.coordinates',
      /^A Polygon's coordinates are a list of rings, each a list of positions; got a list of positions/,
    ],
    ['an unknown type', { type: 'Circle', center: [0, 0], radius: 5 }, 'body.geo.type', /^Unknown GeoJSON type "Circle": expected one of Point, /],
    ['a bow tie polygon', { type: 'Polygon', coordinates: [bowTie] }, 'body.geo', /^The geometry is not valid: Self-intersection\[0\.5 0\.5\]$/],
    [
      'a bow tie in a FeatureCollection',
      {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } },
          { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[ring(5, 5)], [bowTie]] } },
        ],
      },
      'body.geo.features.1.geometry',
      /^The geometry is not valid: Self-intersection\[0\.5 0\.5\]$/,
    ],
    [
      'a degenerate ring',
      {
        type: 'Polygon',
        coordinates: [
          [
            [3, 3],
            [3, 3],
            [3, 3],
            [3, 3],
          ],
        ],
      },
      'body.geo',
      /^The geometry is not valid: Too few points in geometry component/,
    ],
    ['a hole outside its shell', { type: 'Polygon', coordinates: [ring(0, 0), ring(5, 5)] }, 'body.geo', /^The geometry is not valid: Hole lies outside shell/],
  ];

  for (const [what, value, field, message] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await count();
      const res = await post(what, value);
      expect(res.statusCode).toBe(400);
      const body = res.json<{ code: string; error: string; details: { field: string; message: string }[] }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details[0]!.field).toBe(field);
      expect(body.details[0]!.message).toMatch(message);
      // The text names the field as a person reads it; details keep the path.
      expect(body.error.startsWith(`${fieldLabel(field)}: `)).toBe(true);
      expect(await count()).toBe(before);
    });
  }

  it('validateGeometry lets valid shapes through, touching shapes in a collection too', async () => {
    const overlapping = GeoJsonInputSchema.parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring(0, 0, 2)] } },
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring(1, 1, 2)] } },
      ],
    });
    await expect(database.use((db) => validateGeometry(db, overlapping))).resolves.toBeUndefined();
    await expect(database.use((db) => validateGeometry(db, { type: 'Polygon', coordinates: [bowTie] }, 'records.3.geo'))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'records.3.geo' }],
    });
  });
});

describe('bounding boxes', () => {
  beforeAll(async () => {
    await insert({ type: 'Point', coordinates: [8.54, 47.37] }, 'bbox zurich');
    await insert({ type: 'Point', coordinates: [-0.13, 51.51] }, 'bbox london');
    await insert(
      {
        type: 'LineString',
        coordinates: [
          [5, 45],
          [12, 48],
        ],
      },
      'bbox alps line',
    );
    await insert({ type: 'Polygon', coordinates: [ring(-75, -40, 5)] }, 'bbox chile');
    await insert(
      { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [150, -30] } }] },
      'bbox sydney',
    );
  });

  const namesIn = async (bbox: string) => {
    const res = await app.inject({ method: 'GET', url: `/shapes?bbox=${encodeURIComponent(bbox)}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ names: string[] }>().names.filter((name) => name.startsWith('bbox '));
  };

  it('selects the rows whose geometry lies in or overlaps the box', async () => {
    expect(await namesIn('5.9,45.8,10.5,47.8')).toEqual(['bbox alps line', 'bbox zurich']);
    expect(await namesIn('-10,35,30,60')).toEqual(['bbox alps line', 'bbox london', 'bbox zurich']);
    expect(await namesIn('-72,-38,-71,-37')).toEqual(['bbox chile']);
    expect(await namesIn('149,-31,151,-29')).toEqual(['bbox sydney']);
    expect(await namesIn('8.54,47.37,8.54,47.37')).toEqual(['bbox alps line', 'bbox zurich']);
    expect(await namesIn('0,0,1,1')).toEqual([]);
  });

  it('refuses a bad box with 400 naming querystring.bbox', async () => {
    const res = await app.inject({ method: 'GET', url: '/shapes?bbox=10,0,5,1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'querystring.bbox', message: 'minLon 10 is greater than maxLon 5 (a box crossing the antimeridian is not accepted: send two)' }],
    });
  });

  it('answers one geometry box and the extent of many', async () => {
    const rows = await database.use((db) =>
      db
        .select({ name: sql<string>`name`, bbox: bboxOf(geo) })
        .from(sql`${shapes}`)
        .where(sql`name like 'bbox %'`)
        .orderBy(asc(sql`name`)),
    );
    expect(rows).toEqual([
      { name: 'bbox alps line', bbox: [5, 45, 12, 48] },
      { name: 'bbox chile', bbox: [-75, -40, -70, -35] },
      { name: 'bbox london', bbox: [-0.13, 51.51, -0.13, 51.51] },
      { name: 'bbox sydney', bbox: [150, -30, 150, -30] },
      { name: 'bbox zurich', bbox: [8.54, 47.37, 8.54, 47.37] },
    ]);
    const [extent] = await database.use((db) =>
      db
        .select({ box: extentOf(geo) })
        .from(sql`${shapes}`)
        .where(sql`name like 'bbox %'`),
    );
    expect(extent!.box).toEqual([-75, -40, 150, 51.51]);
    const [none] = await database.use((db) =>
      db
        .select({ box: extentOf(geo) })
        .from(sql`${shapes}`)
        .where(sql`false`),
    );
    expect(none!.box).toBeNull();
  });
});

describe('a real FeatureCollection: the NEON eco-climatic domains', () => {
  const raw = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { features: { geometry: { type: string } }[] };

  it('is valid, is stored, and comes back feature for feature', async () => {
    expect(raw.features.map((f) => f.geometry.type).filter((t) => t === 'MultiPolygon')).toHaveLength(4);
    const value = GeoJsonInputSchema.parse(raw);
    expect(value.type).toBe('FeatureCollection');
    await database.use((db) => validateGeometry(db, value));
    const res = await post('neon domains', raw);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const answer = await app.inject({ method: 'GET', url: `/shapes/${id}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ geo: value });
    const [row] = await database.use((db) =>
      db
        .select({ bbox: bboxOf(geo), parts: sql<number>`ST_NumGeometries(geo)` })
        .from(sql`${shapes}`)
        .where(sql`id = ${id}`),
    );
    expect(row).toEqual({ parts: 22, bbox: [-168.12443258799996, 17.92621034800004, -65.59023776599997, 71.40623505600007] });
    expect(await namesIn('-106,39,-105,40')).toContain('neon domains');
  });

  const namesIn = async (bbox: string) => {
    const res = await app.inject({ method: 'GET', url: `/shapes?bbox=${encodeURIComponent(bbox)}` });
    return res.json<{ names: string[] }>().names;
  };
});
