import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetadataSchema, buildObject, buildObjectType, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, uniqueIp, type TestApp } from '../../../test/harness.js';

/**
 * OGC API - Features: the landing page, conformance, the collections (all objects, one per
 * type), their items paged, boxed, dated and refused as the standard says, and the objects
 * each reader may see.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let type: string;
/** Where this file's objects lie: a box nothing else uses. */
const BOX = [40, 20, 41, 21];
const names: Record<string, string> = {};

type Link = { rel: string; href: string; type?: string; title?: string };
type Feature = { id: string; geometry: { type: string } | null; properties: Record<string, unknown> };
type Page = { features: Feature[]; numberMatched: number; numberReturned: number; timeStamp: string; links: Link[] };

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const project = await buildProject(t.app, owner);
  const schema = await buildMetadataSchema(t.app, admin, {
    schema: {
      type: 'object',
      properties: {
        depth: { type: 'number', title: 'Depth' },
        habitat: { type: 'string' },
        open: { type: 'boolean' },
        surveyed: { type: 'string', format: 'date' },
      },
    },
  });
  type = (await buildObjectType(t.app, admin, { metadata_schemas: [schema.slug] })).slug;
  const make = async (key: string, lon: number, fields: Record<string, unknown> = {}) => {
    names[key] = unique(`${key}-`);
    await buildObject(t.app, owner, {
      name: names[key],
      title: `${key}`,
      types: [type],
      projects: [project.slug],
      geo: { type: 'Point', coordinates: [lon, 20.5] },
      ...fields,
    });
  };
  for (let i = 0; i < 5; i++)
    await make(`public${i}`, 40.1 + i * 0.1, { metadata: { depth: i, habitat: i % 2 ? 'river' : 'forest', open: i > 2, surveyed: `2020-01-0${i + 1}` } });
  await make('signedin', 40.8, { visibility: 'signed-in' });
  await make('members', 40.9, { visibility: 'members' });
  await make('far', 10, {});
}, 120_000);
afterAll(() => t.close());

const get = (url: string, who: TestUser | null = null) => api(t.app, 'GET', `/ogc${url}`, { ...(who ? { token: who.token } : {}), ip: uniqueIp() });
const page = async (url: string, who: TestUser | null = null) => {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const titles = (p: Page) => p.features.map((f) => f.properties.title).sort();
const link = (p: { links: Link[] }, rel: string) => p.links.find((l) => l.rel === rel);

describe('the landing page, conformance and collections', () => {
  it('links its OpenAPI definition, conformance and the collections', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const rels = Object.fromEntries((res.json().links as Link[]).map((l) => [l.rel, l]));
    expect(rels['service-desc']).toMatchObject({
      href: expect.stringMatching(/\/api\/v1\/ogc\/api$/),
      type: 'application/vnd.oai.openapi+json;version=3.0',
    });
    expect(rels.conformance!.href).toMatch(/\/api\/v1\/ogc\/conformance$/);
    expect(rels.data!.href).toMatch(/\/api\/v1\/ogc\/collections$/);
    expect(rels.self!.href).toMatch(/\/api\/v1\/ogc$/);
  });

  it('claims core and GeoJSON, neither HTML nor OpenAPI 3.0', async () => {
    const conformsTo = (await get('/conformance')).json().conformsTo as string[];
    expect(conformsTo).toEqual(
      expect.arrayContaining(['http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core', 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson']),
    );
    expect(conformsTo.some((c) => /html|oas30/.test(c))).toBe(false);
  });

  it('lists all objects and each type, with extents over what the reader may see', async () => {
    const { collections } = (await get('/collections')).json() as { collections: { id: string; extent: { spatial: { bbox: number[][] } }; links: Link[] }[] };
    expect(collections[0]!.id).toBe('objects');
    expect(collections.map((c) => c.id)).toEqual(expect.arrayContaining(['objects', 'site', type]));
    const mine = collections.find((c) => c.id === type)!;
    // A visitor sees the public ones only: 40.1..40.5, and far away at 10.
    expect(mine.extent.spatial.bbox[0]).toEqual([10, 20.5, 40.5, 20.5]);
    expect(link(mine, 'items')).toMatchObject({ type: 'application/geo+json', href: expect.stringMatching(new RegExp(`/collections/${type}/items$`)) });
    const asOwner = (await get(`/collections/${type}`, owner)).json();
    expect(asOwner.extent.spatial.bbox[0]).toEqual([10, 20.5, 40.9, 20.5]);
    expect(asOwner).toMatchObject({ id: type, itemType: 'feature', crs: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'] });
    expect(asOwner.extent.temporal.interval[0][0]).toMatch(/^\d{4}-/);
  });

  it('describes a type’s queryables from its metadata schema, under the names its features give them', async () => {
    const res = await get(`/collections/${type}/queryables`);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    const { properties } = res.json();
    expect(properties).toMatchObject({
      name: { type: 'string' },
      updated: { type: 'string', format: 'date-time' },
      geometry: { format: 'geometry-any' },
      depth: { type: 'number', title: 'Depth' },
      habitat: { type: 'string' },
      open: { type: 'boolean' },
      surveyed: { type: 'string', format: 'date' },
    });
    expect(Object.keys((await get('/collections/objects/queryables')).json().properties)).toEqual(['name', 'title', 'visibility', 'updated', 'geometry']);
  });

  it('answers an unknown collection, feature or path with the API’s 404', async () => {
    for (const url of ['/collections/nope', '/collections/nope/items', `/collections/${type}/items/${names.nothing ?? 'missing-object'}`, '/nope']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
    // An object of another type is not a feature of this collection.
    const other = await buildObject(t.app, admin, { types: ['site'] });
    expect((await get(`/collections/${type}/items/${other.id}`)).statusCode).toBe(404);
    expect((await get(`/collections/objects/items/${other.id}`)).statusCode).toBe(200);
  });
});

describe('items', () => {
  it('pages by limit with next links to the end, every feature once, flat typed properties', async () => {
    const first = await page(`/collections/${type}/items?limit=2`, owner);
    expect(first).toMatchObject({ numberMatched: 8, numberReturned: 2 });
    expect(first.timeStamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(link(first, 'collection')!.href).toMatch(new RegExp(`/collections/${type}$`));
    const seen: Feature[] = [...first.features];
    let next = link(first, 'next');
    let pages = 1;
    while (next) {
      const res = await t.app.inject({
        method: 'GET',
        url: new URL(next.href).pathname + new URL(next.href).search,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const p = res.json() as Page;
      expect(link(p, 'prev')).toBeDefined();
      seen.push(...p.features);
      next = link(p, 'next');
      pages++;
    }
    expect(pages).toBe(4);
    expect(new Set(seen.map((f) => f.id)).size).toBe(8);
    const one = seen.find((f) => f.properties.name === names.public3)!;
    expect(one.properties).toMatchObject({ title: 'public3', depth: 3, habitat: 'river', open: true, surveyed: '2020-01-04', types: [type] });
    expect(one.geometry).toEqual({ type: 'Point', coordinates: [40.4, 20.5] });
  });

  it('serves f=json and f=geojson as GeoJSON; the single feature as its detail', async () => {
    for (const f of ['json', 'geojson']) {
      const res = await get(`/collections/${type}/items?f=${f}&limit=1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    }
    const listed = (await page(`/collections/${type}/items?limit=1`)).features[0]!;
    const alone = (await get(`/collections/${type}/items/${listed.id}`)).json();
    expect(alone).toMatchObject({ type: 'Feature', id: listed.id, geometry: listed.geometry, properties: listed.properties });
    expect(link(alone, 'self')!.href).toMatch(new RegExp(`/items/${listed.id}$`));
    // The collection of all objects shows the properties every object has, no metadata.
    const all = (await get(`/collections/objects/items/${listed.id}`)).json();
    expect(all.properties.depth).toBeUndefined();
    expect(all.properties.name).toBe(listed.properties.name);
  });

  it('keeps features whose extent overlaps bbox; refuses 6 numbers, another CRS and bad numbers naming the parameter', async () => {
    expect(titles(await page(`/collections/${type}/items?bbox=40.15,20,40.35,21`))).toEqual(['public1', 'public2']);
    expect((await page(`/collections/objects/items?bbox=${BOX.join(',')}`)).numberMatched).toBe(5);
    const sixNumbers = await get(`/collections/${type}/items?bbox=40,20,0,41,21,10`);
    expect(sixNumbers.statusCode).toBe(400);
    expect(sixNumbers.json().details[0].field).toBe('querystring.bbox');
    const crs = await get(`/collections/${type}/items?bbox=${BOX.join(',')}&bbox-crs=http://www.opengis.net/def/crs/EPSG/0/3857`);
    expect(crs.statusCode).toBe(400);
    expect(crs.json().error).toMatch(/CRS84/);
    expect(crs.json().details[0].field).toBe('querystring.bbox-crs');
    expect((await get(`/collections/${type}/items?bbox=${BOX.join(',')}&bbox-crs=http://www.opengis.net/def/crs/OGC/1.3/CRS84`)).statusCode).toBe(200);
    expect((await get(`/collections/${type}/items?crs=http://www.opengis.net/def/crs/OGC/1.3/CRS84`)).statusCode).toBe(200);
    expect((await get(`/collections/${type}/items?crs=http://www.opengis.net/def/crs/EPSG/0/3857`)).json().details[0].field).toBe('querystring.crs');
    for (const [query, field] of [
      ['bbox=1,2,x,4', 'querystring.bbox'],
      ['bbox=1,2,3', 'querystring.bbox'],
      ['limit=abc', 'querystring.limit'],
      ['limit=0', 'querystring.limit'],
      ['offset=-1', 'querystring.offset'],
    ]) {
      const res = await get(`/collections/${type}/items?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field, query).toBe(field);
    }
  });

  it('filters datetime over the last change: instants, intervals, open ends', async () => {
    const all = (await page(`/collections/${type}/items`, owner)).numberMatched;
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`/collections/${type}/items?datetime=${today}`, owner)).numberMatched).toBe(all);
    expect((await page(`/collections/${type}/items?datetime=2001-01-01T00:00:00Z/..`, owner)).numberMatched).toBe(all);
    expect((await page(`/collections/${type}/items?datetime=../2001-01-01`, owner)).numberMatched).toBe(0);
    expect((await page(`/collections/${type}/items?datetime=2001-01-01/2002-01-01T00:00:00Z`, owner)).numberMatched).toBe(0);
    for (const bad of ['yesterday', '2020-01-01/2019-01-01', 'a/b/c']) {
      const res = await get(`/collections/${type}/items?datetime=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().details[0].field).toBe('querystring.datetime');
    }
  });

  it('refuses an unknown parameter naming it; clamps a limit over the most and says so', async () => {
    const res = await get(`/collections/${type}/items?limit=2&colour=red`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/colour/);
    expect((await get('/collections?p=2')).statusCode).toBe(400);
    const clamped = await page(`/collections/${type}/items?limit=20000`);
    expect(link(clamped, 'self')!.href).toMatch(/limit=10000/);
    expect(link(clamped, 'self')!.title).toMatch(/at most 10000/);
  });

  it('shows each reader what the objects API shows them, and counts only that', async () => {
    const count = async (who: TestUser | null) => (await page(`/collections/${type}/items`, who)).numberMatched;
    expect(await count(null)).toBe(6);
    expect(await count(stranger)).toBe(7);
    expect(await count(owner)).toBe(8);
    expect(await count(admin)).toBe(8);
    const members = (await page(`/collections/${type}/items`, owner)).features.find((f) => f.properties.name === names.members)!;
    expect((await get(`/collections/${type}/items/${members.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/collections/${type}/items/${members.id}`)).statusCode).toBe(404);
    expect((await get(`/collections/${type}/items/${members.id}`, owner)).statusCode).toBe(200);
  });
});

describe('property parameters and the OpenAPI definition', () => {
  it('keep the features whose queryable equals each parameter, read as its type, within what the reader sees', async () => {
    expect(titles(await page(`/collections/${type}/items?habitat=river`))).toEqual(['public1', 'public3']);
    expect(titles(await page(`/collections/${type}/items?habitat=river&open=true`))).toEqual(['public3']);
    expect(titles(await page(`/collections/${type}/items?depth=2`))).toEqual(['public2']);
    expect(titles(await page(`/collections/${type}/items?surveyed=2020-01-05`))).toEqual(['public4']);
    expect((await page(`/collections/${type}/items?name=${names.members}`)).numberMatched).toBe(0);
    expect((await page(`/collections/${type}/items?name=${names.members}`, owner)).numberMatched).toBe(1);
    // The all-objects collection has the fixed properties only; the next link keeps the parameter.
    const first = await page(`/collections/objects/items?visibility=public&limit=1`);
    expect(new URL(link(first, 'next')!.href).searchParams.get('visibility')).toBe('public');
  });

  it('refuse a value of the wrong type naming the parameter, and the geometry or a metadata field of another collection', async () => {
    for (const [query, field] of [
      ['depth=deep', 'depth'],
      ['open=yes', 'open'],
      ['surveyed=2020-02-30', 'surveyed'],
      ['geometry=x', 'geometry'],
    ]) {
      const res = await get(`/collections/${type}/items?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field, query).toBe(`querystring.${field}`);
    }
    const elsewhere = await get('/collections/objects/items?depth=1');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toMatch(/unknown parameter depth: this collection takes .*name, title, visibility, updated$/i);
  });

  it('are listed per collection in the OGC API’s OpenAPI 3.0 definition, paths relative to its root', async () => {
    const res = await get('/api');
    expect(res.statusCode).toBe(200);
    // As written, version unquoted: GDAL compares the type token by token.
    expect(res.headers['content-type']).toBe('application/vnd.oai.openapi+json;version=3.0; charset=utf-8');
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers[0].url).toMatch(/\/api\/v1\/ogc$/);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/', '/conformance', '/collections', '/collections/{collectionId}/items', `/collections/${type}/items`]),
    );
    const names = (path: string) => (doc.paths[path].get.parameters as { name?: string; $ref?: string }[]).map((p) => p.name ?? p.$ref!.split('/').pop());
    expect(names(`/collections/${type}/items`)).toEqual(expect.arrayContaining(['limit', 'bbox', 'filter', 'name', 'depth', 'habitat', 'open', 'surveyed']));
    expect(names(`/collections/${type}/items`)).not.toContain('geometry');
    expect(names('/collections/objects/items')).not.toContain('depth');
    const depth = (doc.paths[`/collections/${type}/items`].get.parameters as { name?: string; schema?: unknown }[]).find((p) => p.name === 'depth');
    expect(depth).toMatchObject({ in: 'query', schema: { type: 'number' } });
    expect((await get('/api?x=1')).statusCode).toBe(400);
  });
});

describe('filter (CQL2 text)', () => {
  const filtered = (filter: string, who: TestUser | null = null, extra = '') =>
    page(`/collections/${type}/items?filter=${encodeURIComponent(filter)}${extra}`, who);

  it('claims Part 3’s filter and CQL2 text', async () => {
    const conformsTo = (await get('/conformance')).json().conformsTo as string[];
    expect(conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
        'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
      ]),
    );
  });

  it('compares metadata numbers, text, booleans and dates, fixed properties and the geometry, within what the reader sees', async () => {
    expect(titles(await filtered('depth >= 3'))).toEqual(['public3', 'public4']);
    expect(titles(await filtered("habitat = 'river' AND open = true"))).toEqual(['public3']);
    expect(titles(await filtered("surveyed > DATE('2020-01-03')"))).toEqual(['public3', 'public4']);
    expect(titles(await filtered('S_INTERSECTS(geometry, BBOX(40.15,20,40.35,21))', null, '&filter-lang=cql2-text'))).toEqual(['public1', 'public2']);
    expect((await filtered("updated > TIMESTAMP('2001-01-01T00:00:00Z')")).numberMatched).toBe(6);
    expect((await filtered("updated > TIMESTAMP('2001-01-01T00:00:00Z')", owner)).numberMatched).toBe(8);
    expect((await filtered(`name = '${names.members}'`)).numberMatched).toBe(0);
    // The next link keeps the filter.
    const first = await filtered('depth >= 1', null, '&limit=2');
    expect(new URL(link(first, 'next')!.href).searchParams.get('filter')).toBe('depth >= 1');
  });

  it('refuses another language, a filter that does not parse (saying where), a property not queryable', async () => {
    const lang = await get(`/collections/${type}/items?filter=depth%3E1&filter-lang=cql2-json`);
    expect(lang.statusCode).toBe(400);
    expect(lang.json().details[0].field).toBe('querystring.filter-lang');
    const broken = await get(`/collections/${type}/items?filter=${encodeURIComponent('depth >>> 3')}`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details[0].field).toBe('querystring.filter');
    expect(broken.json().error).toMatch(/position \d+/);
    const unknown = await get(`/collections/${type}/items?filter=${encodeURIComponent('colour = 1')}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('querystring.filter');
  });
});
