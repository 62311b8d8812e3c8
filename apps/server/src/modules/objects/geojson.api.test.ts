import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoObjectFeatureCollectionSchema, ObjectFeatureSchema } from '@observatory/shared';
import { buildMetadataSchema, buildObject, buildObjectType, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, uniqueIp, type TestApp } from '../../../test/harness.js';
import { describeWithTool, GDAL, runTool } from '../../../test/tools.js';
import { VISITOR_EXPORTS_PER_MINUTE } from './service.js';

/**
 * GeoJSON exports as other programs read them (RFC 7946; lib/geojson.ts): a
 * FeatureCollection geometry as a GeometryCollection, rings by the right-hand rule, flat
 * typed properties; GET data/obj?all=1 streaming every object; and GDAL (ogrinfo,
 * ogr2ogr) opening each export and copying it to GeoPackage and Shapefile.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let project: { id: string; slug: string };
/** Every object of this file's catalogue has it in its title. */
let marker: string;
/** A type whose metadata schema takes any field, so fields may be named like the fixed properties. */
let freeType: string;
const names: Record<string, string> = {};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'geojson-exports-'));

type Position = [number, number];
type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] };
type Feature = { type: 'Feature'; id?: string; geometry: Geometry | null; properties: Record<string, unknown> };
type Collection = { type: 'FeatureCollection'; features: Feature[] };

/** A ring drawn clockwise (as shapefiles draw exteriors): RFC 7946 wants it the other way. */
const CLOCKWISE: Position[] = [
  [8, 47],
  [8, 47.1],
  [8.1, 47.1],
  [8.1, 47],
  [8, 47],
];
/** Twice the signed area of a ring: positive when counter-clockwise. */
const area = (ring: Position[]) => ring.slice(1).reduce((sum, p, i) => sum + ring[i]![0] * p[1] - p[0] * ring[i]![1], 0);
const exteriors = (g: Geometry): Position[][] =>
  g.type === 'Polygon'
    ? [(g.coordinates as Position[][])[0]!]
    : g.type === 'MultiPolygon'
      ? (g.coordinates as Position[][][]).map((p) => p[0]!)
      : (g.geometries ?? []).flatMap(exteriors);
/** The features ogr2ogr -explodecollections makes of a geometry: a Multi* one a part, a GeometryCollection one a member (a Multi* member stays whole). */
const exploded = (g: Geometry | null): number =>
  !g ? 0 : g.type.startsWith('Multi') ? (g.coordinates as unknown[]).length : g.type === 'GeometryCollection' ? g.geometries!.length : 1;

const domains = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/neon_domains.geojson'), 'utf8'));

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  project = await buildProject(t.app, owner);
  marker = unique('Rfc');
  const schema = await buildMetadataSchema(t.app, admin, { schema: { type: 'object', properties: {} } });
  freeType = (await buildObjectType(t.app, admin, { metadata_schemas: [schema.slug] })).slug;
  const make = async (key: string, fields: Record<string, unknown>) => {
    names[key] = unique(`${key}-`);
    await buildObject(t.app, admin, { name: names[key], title: `${marker} ${key}`, projects: [project.slug], ...fields });
  };
  await make('point', {
    geo: { type: 'Point', coordinates: [8.05, 47.05] },
    types: [freeType],
    metadata: { area: 12.5, count: 3, name: 'clash', Title: 'case', id: 'x' },
  });
  await make('line', {
    geo: {
      type: 'LineString',
      coordinates: [
        [8, 47],
        [8.2, 47.2],
      ],
    },
  });
  await make('clockwise', { geo: { type: 'Polygon', coordinates: [CLOCKWISE] }, types: ['property'], metadata: { area: 40.5, owner: 'Canton' } });
  await make('collection', {
    types: ['property'],
    geo: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8.01, 47.01] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [CLOCKWISE] } },
      ],
    },
  });
  await make('domains', { types: ['property'], geo: domains });
  await make('nowhere', {});
  await make('hidden', { geo: { type: 'Point', coordinates: [8.3, 47.3] }, visibility: 'members' });
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string, who: TestUser | null = null, headers: Record<string, string> = {}) =>
  api(t.app, 'GET', url, { ...(who ? { token: who.token } : {}), headers, ip: uniqueIp() });
const byName = (collection: Collection, key: string) => collection.features.find((f) => f.properties.name === names[key])!;

describe('GeoJSON of the object list, RFC 7946', () => {
  it('writes a FeatureCollection geometry as a GeometryCollection and every exterior ring counter-clockwise', async () => {
    const res = await get(`/data/obj?q=${marker}&format=geojson`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Collection;
    expect(GeoObjectFeatureCollectionSchema.parse(page)).toBeTruthy();
    const collection = byName(page, 'collection').geometry!;
    expect(collection.type).toBe('GeometryCollection');
    expect(collection.geometries!.map((g) => g.type)).toEqual(['Point', 'Polygon']);
    const fixture = byName(page, 'domains').geometry!;
    expect(fixture.geometries).toHaveLength(domains.features.length);
    const rings = page.features.flatMap((f) => exteriors(f.geometry!));
    expect(rings.length).toBeGreaterThan(domains.features.length);
    for (const ring of rings) expect(area(ring)).toBeGreaterThan(0);
    // Turned, not changed: the same positions the other way round.
    expect(exteriors(byName(page, 'clockwise').geometry!)[0]).toEqual([...CLOCKWISE].reverse());
    // The JSON API still answers the geometry as it was sent.
    expect((await get(`/data/obj/${names.clockwise}`)).json().obj.geo).toEqual({ type: 'Polygon', coordinates: [CLOCKWISE] });
  });

  it('writes flat typed properties: the fixed ones in order, then metadata fields by name, a clash prefixed', async () => {
    const page = (await get(`/data/obj?q=${marker}&format=geojson`)).json() as Collection;
    const point = byName(page, 'point');
    expect(point.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(point.properties)).toEqual([
      'name',
      'title',
      'types',
      'marker',
      'projects',
      'parent',
      'visibility',
      'updated',
      // By name, as the CSV's columns (code points: capitals first).
      'metadata_Title',
      'area',
      'count',
      'metadata_id',
      'metadata_name',
    ]);
    expect(point.properties).toMatchObject({ name: names.point, types: [freeType], projects: [project.slug], parent: null, visibility: 'public' });
    expect(point.properties).toMatchObject({ area: 12.5, count: 3, metadata_name: 'clash', metadata_Title: 'case', metadata_id: 'x' });
    expect(byName(page, 'clockwise').properties).toMatchObject({ area: 40.5, owner: 'Canton', marker: 'default' });
    // Objects without a geometry have no place in it; members-only ones only for their readers.
    expect(byName(page, 'nowhere')).toBeUndefined();
    expect(byName(page, 'hidden')).toBeUndefined();
  });

  it('answers an object alone as a Feature (format=geojson or Accept), null geometry included', async () => {
    for (const [url, headers] of [
      [`/data/obj/${names.collection}?format=geojson`, {}],
      [`/data/obj/${names.collection}`, { accept: 'application/geo+json' }],
    ] as const) {
      const res = await get(url, null, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
      const f = ObjectFeatureSchema.parse(res.json());
      expect(f.geometry?.type).toBe('GeometryCollection');
      expect(f.properties.name).toBe(names.collection);
    }
    expect((await get(`/data/obj/${names.nowhere}?format=geojson`)).json()).toMatchObject({ type: 'Feature', geometry: null });
    expect((await get(`/data/obj/${names.hidden}?format=geojson`)).statusCode).toBe(404);
    expect((await get(`/data/obj/${names.hidden}?format=geojson`, owner)).statusCode).toBe(200);
    const unknown = await get(`/data/obj/${names.point}?shape=1`);
    expect([unknown.statusCode, unknown.json().details[0].field]).toEqual([400, 'querystring.shape']);
  });
});

describe('GET data/obj?all=1', () => {
  it('streams every object of the query with no page and no paging headers; without all, pages and headers stay', async () => {
    const all = await get(`/data/obj?q=${marker}&format=geojson&all=1`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(all.headers['content-disposition']).toMatch(/objects\.geojson/);
    expect(all.headers['pagination-count']).toBeUndefined();
    const streamed = JSON.parse(all.body) as Collection;
    const page = await get(`/data/obj?q=${marker}&format=geojson&limit=2`);
    expect([page.headers['pagination-count'], page.headers['pagination-limit'], page.json().features.length]).toEqual(['6', '2', 2]);
    const whole = (await get(`/data/obj?q=${marker}&format=geojson&limit=1000`)).json() as Collection;
    const sortedById = (c: Collection) => [...c.features].sort((a, b) => a.id!.localeCompare(b.id!));
    expect(streamed.features).toEqual(sortedById(whole));
    expect(streamed.features).toHaveLength(5);
    // A reader who may see the members-only object gets it too.
    expect(JSON.parse((await get(`/data/obj?q=${marker}&format=geojson&all=1`, owner)).body).features).toHaveLength(6);
  });

  it('streams CSV and XLSX of every object too, every metadata field a column', async () => {
    const csv = await get(`/data/obj?q=${marker}&format=csv&all=1`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header!.split(',').slice(9)).toEqual(['Title', 'area', 'count', 'id', 'name', 'owner']);
    expect(rows).toHaveLength(6);
    expect(csv.headers['pagination-count']).toBeUndefined();
    const xlsx = await get(`/data/obj?q=${marker}&format=xlsx&all=1`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/objects\.xlsx/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses what cannot go with it, and unknown options, naming them', async () => {
    const cases: [string, string][] = [
      [`all=1`, 'querystring.all'],
      [`all=1&format=json`, 'querystring.all'],
      [`all=1&format=geojson&p=2`, 'querystring.p'],
      [`all=1&format=csv&limit=10`, 'querystring.limit'],
      [`all=yes&format=geojson`, 'querystring.all'],
      [`format=geojson&everything=1`, 'querystring.everything'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/data/obj?q=${marker}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await get(`/data/obj?q=${marker}&foo=1`)).json().error).toMatch(/foo/);
  });

  it(`lets a visitor start ${VISITOR_EXPORTS_PER_MINUTE} a minute from one address (429 with Retry-After past it); signed-in callers are not counted`, async () => {
    const ip = uniqueIp();
    const stream = (who: TestUser | null) => api(t.app, 'GET', `/data/obj?q=${marker}&format=geojson&all=1`, { ...(who ? { token: who.token } : {}), ip });
    for (let i = 0; i < VISITOR_EXPORTS_PER_MINUTE; i++) expect((await stream(null)).statusCode).toBe(200);
    const refused = await stream(null);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stream(owner)).statusCode).toBe(200);
    // Pages are not exports: still answered.
    expect((await api(t.app, 'GET', `/data/obj?q=${marker}&format=geojson`, { ip })).statusCode).toBe(200);
  });
});

/** Writes an answer to a file named after it. */
function saved(name: string, body: string): string {
  const file = path.join(tmp, `${name}.geojson`);
  fs.writeFileSync(file, body);
  return file;
}

/** Runs a GDAL command; fails the test with its message when it fails or reports an error. */
function gdal(command: string, args: string[]): string {
  const run = runTool(command, args);
  expect(run.status, `${command} ${args.join(' ')}: ${run.stderr}`).toBe(0);
  expect(run.stderr).not.toMatch(/ERROR/);
  return run.stdout;
}

/** What GDAL reads from a file: its feature count and field types (ogrinfo). */
function ogrinfo(file: string, layer?: string) {
  const out = gdal('ogrinfo', ['-ro', '-so', '-al', file, ...(layer ? [layer] : [])]);
  const count = Number(/Feature Count: (\d+)/.exec(out)?.[1]);
  const fields = Object.fromEntries([...out.matchAll(/^(\w+): (\w+) \(/gm)].map((m) => [m[1]!, m[2]!]));
  return { count, fields };
}

/** The file copied to GeoPackage with ogr2ogr, then read back by GDAL as GeoJSON: every feature in order. */
function throughGeoPackage(file: string): Collection {
  const gpkg = file.replace(/\.geojson$/, '.gpkg');
  fs.rmSync(gpkg, { force: true });
  gdal('ogr2ogr', ['-f', 'GPKG', gpkg, file, '-nln', 'objects']);
  return JSON.parse(gdal('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', gpkg, 'objects']));
}

/** GDAL reads every feature served, and a GeoPackage copy holds each with its geometry's type, in order. */
function expectGdalReadsAll(name: string, served: Collection) {
  const file = saved(name, JSON.stringify(served));
  const read = ogrinfo(file);
  expect(read.count, `${name}: features read by GDAL`).toBe(served.features.length);
  const copy = throughGeoPackage(file);
  expect(
    copy.features.map((f) => f.geometry?.type ?? null),
    `${name}: geometries in GeoPackage`,
  ).toEqual(served.features.map((f) => f.geometry?.type ?? null));
  console.log(`GDAL ${name}: served ${served.features.length} features, ogrinfo read ${read.count}, GeoPackage holds ${copy.features.length}`);
  return { read, copy, file };
}

describeWithTool(GDAL, 'GDAL reads every GeoJSON export', () => {
  it('the object list: a page and all=1; a FeatureCollection as a GeometryCollection, rings counter-clockwise, typed fields', async () => {
    const page = (await get(`/data/obj?q=${marker}&format=geojson&limit=3`)).json() as Collection;
    expect(page.features).toHaveLength(3);
    expectGdalReadsAll('list-page', page);
    const all = JSON.parse((await get(`/data/obj?q=${marker}&format=geojson&all=1`)).body) as Collection;
    const { read, copy } = expectGdalReadsAll('list-all', all);
    // Typed columns: numbers as numbers, no JSON text of nested metadata.
    expect(read.fields).toMatchObject({ id: 'String', name: 'String', area: 'Real', count: 'Integer', metadata_name: 'String', updated: 'DateTime' });
    expect(read.fields).not.toHaveProperty('metadata');
    const copied = (key: string) => copy.features.find((f) => f.properties.name === names[key])!;
    expect(copied('point').properties).toMatchObject({ id: byName(all, 'point').id, area: 12.5, count: 3 });
    expect(copied('collection').geometry!.type).toBe('GeometryCollection');
    expect(copied('collection').geometry!.geometries!.map((g) => g.type)).toEqual(['Point', 'Polygon']);
    expect(copied('domains').geometry!.geometries).toHaveLength(domains.features.length);
    for (const f of copy.features) for (const ring of exteriors(f.geometry!)) expect(area(ring), f.properties.name as string).toBeGreaterThan(0);
  });

  it('an object alone, the sandbox’s export and the map data', async () => {
    const one = (await get(`/data/obj/${names.collection}?format=geojson`)).json() as Feature;
    // A Feature alone is GeoJSON too: GDAL reads it as a layer of one.
    const file = saved('detail', JSON.stringify(one));
    expect(ogrinfo(file).count).toBe(1);
    expect(throughGeoPackage(file).features.map((f) => f.geometry!.type)).toEqual(['GeometryCollection']);
    console.log('GDAL detail: served 1 feature, ogrinfo read 1');

    const sandbox = await api(t.app, 'POST', '/sandbox/export?format=geojson', { body: { types: ['property'], bbox: [7.9, 46.9, 8.3, 47.3] }, ip: uniqueIp() });
    expect(sandbox.statusCode, sandbox.body).toBe(200);
    const exported = JSON.parse(sandbox.body) as Collection;
    expect(exported.features.map((f) => f.properties.name)).toEqual(expect.arrayContaining([names.clockwise, names.collection]));
    const { read } = expectGdalReadsAll('sandbox', exported);
    expect(read.fields).toMatchObject({ area: 'Real', owner: 'String' });
    expect(read.fields).not.toHaveProperty('metadata');

    for (const zoom of [18, 5]) {
      const map = (await get(`/data/map?bbox=7.9,46.9,8.3,47.3&zoom=${zoom}`)).json() as Collection;
      expect(map.features.length).toBeGreaterThan(0);
      expectGdalReadsAll(`map-zoom-${zoom}`, map);
    }
  });

  it('ogr2ogr to Shapefile, one layer per geometry type, as docs/api.md says', async () => {
    const all = JSON.parse((await get(`/data/obj?q=${marker}&format=geojson&all=1`)).body) as Collection;
    const file = saved('objects', JSON.stringify(all));
    // docs/api.md, "GeoJSON to Shapefile": collections exploded into a GeoPackage, then a Shapefile per kind.
    const gpkg = path.join(tmp, 'exploded.gpkg');
    gdal('ogr2ogr', ['-f', 'GPKG', gpkg, file, '-nln', 'objects', '-explodecollections']);
    const counts: Record<string, number> = {};
    for (const kind of ['POINT', 'LINESTRING', 'POLYGON']) {
      const shp = path.join(tmp, `objects_${kind.toLowerCase()}.shp`);
      const run = runTool('ogr2ogr', [
        '-f',
        'ESRI Shapefile',
        shp,
        gpkg,
        'objects',
        '-where',
        `ST_GeometryType(geom) IN ('${kind}', 'MULTI${kind}')`,
        '-nlt',
        'PROMOTE_TO_MULTI',
        '-mapFieldType',
        'StringList=String,DateTime=String',
      ]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/ERROR/);
      counts[kind] = ogrinfo(shp).count;
    }
    const served = all.features.reduce((n, f) => n + exploded(f.geometry), 0);
    console.log(`GDAL Shapefile: served ${all.features.length} features, ${served} once exploded; Shapefiles hold ${JSON.stringify(counts)}`);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(served);
    expect(counts).toMatchObject({ POINT: 2, LINESTRING: 1 });
  });

  it('streams a few thousand objects in chunks; GDAL reads every one (time and memory printed)', async () => {
    const many = 3_000;
    const prefix = unique('bulk-');
    const title = unique('Bulk');
    await t.database.use((d) =>
      d.execute(sql`insert into objects (name, title, metadata, geo)
        select ${prefix} || g, ${title} || ' ' || g, jsonb_build_object('depth', g, 'habitat', 'forest'),
          ST_SetSRID(ST_MakePoint(-60 + (g % 100) * 0.01, -20 + (g / 100) * 0.01), 4326)
        from generate_series(1, ${many}) g`),
    );
    const file = path.join(tmp, 'bulk.geojson');
    global.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/data/obj?q=${title}&format=geojson&all=1`, payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    await pipeline(res.stream(), fs.createWriteStream(file));
    const ms = performance.now() - started;
    clearInterval(sampler);
    const bytes = fs.statSync(file).size;
    const read = ogrinfo(file);
    expect(read.count).toBe(many);
    expect(read.fields).toMatchObject({ depth: 'Integer', habitat: 'String' });
    const csv = (await get(`/data/obj?q=${title}&format=csv&all=1`)).body.trimEnd().split('\r\n');
    expect(csv[0]!.split(',').slice(-2)).toEqual(['depth', 'habitat']);
    expect(new Set(csv.slice(1).map((line) => line.split(',')[0])).size).toBe(many);
    console.log(
      `all=1 stream: ${many} objects, ${(bytes / 1e6).toFixed(1)} MB in ${Math.round(ms)} ms; ` +
        `JS heap peak +${((peakHeap - before.heapUsed) / 1e6).toFixed(1)} MB over ${(before.heapUsed / 1e6).toFixed(0)} MB, ` +
        `RSS ${(before.rss / 1e6).toFixed(0)} -> ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB; GDAL read ${read.count}`,
    );
  });
});
