import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.js';
import { buildObject, buildObjectType, buildProject, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../../test/harness.js';
import { decodeTile, pointsTotal as total, tileAt, type DecodedPoint as Decoded } from '../../../../test/vector-tiles.js';
import { encodeInNode, encodeInPostgis, TILE_EXTENT, type TileFeature } from './mvt.js';
import { AGGREGATED_MAX_ZOOM } from './tiles.js';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let stranger: TestUser;
let closed: { id: string; slug: string };
let open: { id: string; slug: string };
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  stranger = await buildUser(t.app);
  closed = await buildProject(t.app, owner, { visibility: 'members' });
  open = await buildProject(t.app, owner);
});
afterAll(() => t.close());

const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });

async function tile(layer: string, z: number, [x, y]: [number, number], token?: string): Promise<Decoded[]> {
  const res = await api(t.app, 'GET', `/tiles/${layer}/${z}/${x}/${y}.mvt`, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
  const points = decodeTile(res.rawPayload);
  for (const p of points) expect(p.extent).toBe(TILE_EXTENT);
  return points;
}

const titles = (features: Decoded[]) => features.filter((f) => !f.properties.cluster).map((f) => f.properties.title);

describe('GET tiles/{layer}/{z}/{x}/{y}.mvt', () => {
  // On Svalbard, a corner of the world no other test uses: three public sites close together, one
  // members-only, one for signed-in readers, one public 30 km away.
  const at = (dLon: number, dLat: number) => point(15.6 + dLon, 78.2 + dLat);
  let lone: { id: string; name: string; title: string };
  beforeAll(async () => {
    for (const [i, title] of ['Longyearbyen A', 'Longyearbyen B', 'Longyearbyen C'].entries()) {
      await buildObject(t.app, owner, { title, geo: at(i * 0.003, 0), types: ['site'], projects: [open.slug] });
    }
    await buildObject(t.app, owner, { title: 'Longyearbyen hidden', geo: at(0.001, 0.001), visibility: 'members', projects: [closed.slug] });
    await buildObject(t.app, owner, { title: 'Longyearbyen signed-in', geo: at(0.002, 0.001), visibility: 'signed-in', projects: [open.slug] });
    lone = await buildObject(t.app, owner, { title: 'Adventdalen', geo: at(0.9, -0.1), types: ['soil-plot', 'site'], projects: [open.slug] });
  });

  it('clusters nearby objects at low zoom and answers a lone one as itself, with what its marker and popup show', async () => {
    const features = await tile('objects', 6, tileAt(15.6, 78.2, 6));
    const cluster = features.find((f) => f.properties.cluster);
    expect(cluster?.properties).toEqual({ cluster: true, count: 3, west: 15.6, south: 78.2, east: expect.closeTo(15.606, 6), north: 78.2 });
    const single = features.find((f) => !f.properties.cluster);
    expect(single?.properties).toEqual({ cluster: false, id: lone.id, name: lone.name, title: 'Adventdalen', marker: 'mini', types: '["site","soil-plot"]' });
    for (const f of features) {
      expect(f.x).toBeGreaterThanOrEqual(0);
      expect(f.x).toBeLessThan(TILE_EXTENT);
    }
  });

  it('never counts an object the reader may not see; a signed-in reader’s tile adds what they may see', async () => {
    const address = tileAt(15.6, 78.2, 6);
    expect(total(await tile('objects', 6, address))).toBe(4);
    expect(total(await tile('objects', 6, address, stranger.token))).toBe(5);
    expect(total(await tile('objects', 6, address, owner.token))).toBe(6);
    expect(total(await tile('objects', 6, address, admin.token))).toBe(6);
    // Live counting beyond the stored levels keeps to the same rule.
    const deeper = tileAt(15.6, 78.2, AGGREGATED_MAX_ZOOM + 1);
    expect(total(await tile('objects', AGGREGATED_MAX_ZOOM + 1, deeper))).toBe(3);
    expect(total(await tile('objects', AGGREGATED_MAX_ZOOM + 1, deeper, owner.token))).toBe(5);
  });

  it('answers objects one by one from zoom 16, and a type’s layer only that type', async () => {
    const z = 16;
    const hidden = tileAt(15.601, 78.201, z);
    const features = await tile('objects', z, hidden, owner.token);
    expect(features.length).toBeGreaterThan(0);
    expect(features.every((f) => !f.properties.cluster)).toBe(true);
    expect(titles(features)).toContain('Longyearbyen hidden');
    expect(titles(await tile('objects', z, hidden))).not.toContain('Longyearbyen hidden');
    expect(total(await tile('soil-plot', 6, tileAt(15.6, 78.2, 6)))).toBe(1);
    expect(total(await tile('site', 6, tileAt(15.6, 78.2, 6)))).toBe(4);
    // Several types in one layer: an object of two of them counts once.
    expect(total(await tile('soil-plot,site', 6, tileAt(15.6, 78.2, 6)))).toBe(4);
    expect(total(await tile('soil-plot,site', AGGREGATED_MAX_ZOOM + 1, tileAt(15.6, 78.2, AGGREGATED_MAX_ZOOM + 1)))).toBe(3);
  });

  it('answers an empty tile with an empty body, revalidates by ETag, and refuses a tile outside its zoom or an unknown layer', async () => {
    const empty = await api(t.app, 'GET', '/tiles/objects/3/0/0.mvt');
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBe(0);
    const [x, y] = tileAt(15.6, 78.2, 6);
    const first = await api(t.app, 'GET', `/tiles/objects/6/${x}/${y}.mvt`);
    const again = await api(t.app, 'GET', `/tiles/objects/6/${x}/${y}.mvt`, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    for (const [url, field] of [
      ['/tiles/objects/23/0/0.mvt', 'params.z'],
      ['/tiles/objects/2/4/0.mvt', 'params.x'],
      ['/tiles/objects/2/0/-1.mvt', 'params.y'],
      ['/tiles/objects/a/0/0.mvt', 'params.z'],
    ] as const) {
      const res = await api(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        url,
      ).toEqual([field]);
    }
    for (const layer of ['no-such-type', 'site,no-such-type']) expect((await api(t.app, 'GET', `/tiles/${layer}/0/0/0.mvt`)).statusCode, layer).toBe(404);
  });
});

describe('the stored cells', () => {
  /** The stored cells and the public objects counted now, per layer, level and cell: they must agree. */
  async function compare() {
    const stored = rowsOf<{ key: string; n: number; x: number; y: number }>(
      await t.database.use((d) =>
        d.execute(sql`select level || '/' || cx || '/' || cy || '/' || types::text as key, n, sum_x as x, sum_y as y from map_cells`),
      ),
    );
    const live = rowsOf<{ key: string; n: number; x: number; y: number }>(
      await t.database.use((d) =>
        d.execute(sql`
          with placed as (
            select o.anchor_x as x, o.anchor_y as y,
              coalesce((select array_agg(l.type_id order by l.type_id) from object_type_links l where l.object_id = o.id), '{}') as types
            from objects o where o.visibility = 'public' and o.anchor_x is not null)
          select level || '/' || least(floor(x * 2 ^ level), 2 ^ level - 1) || '/' || least(floor(y * 2 ^ level), 2 ^ level - 1) || '/' || types::text as key,
            count(*)::int as n, sum(x) as x, sum(y) as y
          from placed, generate_series(3, ${AGGREGATED_MAX_ZOOM + 3}) as level group by 1`),
      ),
    );
    const byKey = new Map(stored.map((r) => [r.key, r]));
    expect(stored.length).toBe(live.length);
    for (const r of live) {
      const s = byKey.get(r.key);
      expect(s?.n, r.key).toBe(r.n);
      expect(Number(s?.x)).toBeCloseTo(Number(r.x), 9);
      expect(Number(s?.y)).toBeCloseTo(Number(r.y), 9);
    }
    return stored.length;
  }

  it('follow every write that moves, hides, retypes or removes a public object', async () => {
    const type = await buildObjectType(t.app, admin, { name: 'Tile test type' });
    const a = await buildObject(t.app, owner, { title: 'Cells A', geo: point(-70.1, -33.4), types: [type.slug], projects: [open.slug] });
    const b = await buildObject(t.app, owner, { title: 'Cells B', geo: point(-70.2, -33.5), types: ['site', type.slug], projects: [open.slug] });
    await buildObject(t.app, owner, { title: 'Cells C', geo: point(-70.3, -33.6), visibility: 'members', projects: [closed.slug] });
    expect(await compare()).toBeGreaterThan(0);

    const put = (name: string, body: object) => api(t.app, 'PUT', `/data/obj/${name}`, { token: owner.token, body });
    expect((await put(a.name, { geo: point(-71, -34) })).statusCode).toBe(200);
    await compare();
    expect((await put(a.name, { visibility: 'members', projects: [closed.slug] })).statusCode).toBe(200);
    await compare();
    expect((await put(a.name, { visibility: 'public' })).statusCode).toBe(200);
    expect((await put(b.name, { types: ['soil-plot'] })).statusCode).toBe(200);
    await compare();
    expect((await put(b.name, { geo: null })).statusCode).toBe(200);
    await compare();
    expect((await api(t.app, 'DELETE', `/data/obj/${a.name}`, { token: owner.token })).statusCode).toBe(204);
    await compare();
    expect((await api(t.app, 'DELETE', `/data/objtypes/${type.slug}`, { token: admin.token })).statusCode).toBeLessThan(300);
    await compare();
  });
});

describe('the two encoders', () => {
  it('write tiles that decode alike: PostGIS’s ST_AsMVT on a server, vt-pbf on the embedded database (whose PostGIS cannot)', async () => {
    const features: TileFeature[] = [
      { x: 10, y: 4000, properties: { cluster: true, count: 12, west: -1.5, south: 50.25, east: 2.125, north: 51 } },
      { x: 4095, y: 0, properties: { cluster: false, id: 'a1', name: 'site-1', title: 'Łódź “north”', marker: 'veg', types: '["site"]' } },
    ];
    const inNode = decodeTile(encodeInNode(features));
    expect(inNode.map((f) => f.properties)).toEqual(features.map((f) => f.properties));
    expect(inNode.map((f) => [f.x, f.y])).toEqual([
      [10, 4000],
      [4095, 0],
    ]);
    const inPostgis = t.database.use((d) => encodeInPostgis(d, features));
    if (!process.env.TEST_DATABASE_URL) {
      await expect(inPostgis).rejects.toMatchObject({ cause: { message: expect.stringMatching(/protobuf/i) } });
      return;
    }
    expect(decodeTile(await inPostgis)).toEqual(inNode);
  });
});
