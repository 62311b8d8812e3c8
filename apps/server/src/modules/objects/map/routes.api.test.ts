import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapData, MapFeatureProperties } from '@observatory/shared';
import { buildObject, buildProject, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../../test/harness.js';
import { MAX_OBJECTS } from './grid.js';
import { cellPixels, MAX_CELLS } from './service.js';

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let stranger: TestUser;
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let closed: { id: string; slug: string };
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  stranger = await buildUser(t.app);
  project = await buildProject(t.app, owner);
  other = await buildProject(t.app, owner);
  closed = await buildProject(t.app, owner, { visibility: 'members' });
});
afterAll(() => t.close());

const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const square = (lon: number, lat: number, d: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});

async function mapData(query: string, token?: string) {
  const res = await api(t.app, 'GET', `/data/map?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MapData;
}

type Cluster = Extract<MapFeatureProperties, { cluster: true }>;
type Single = Extract<MapFeatureProperties, { cluster: false }>;
const clustersOf = (data: MapData) => data.features.filter((f) => f.properties.cluster) as (MapData['features'][number] & { properties: Cluster })[];
const singlesOf = (data: MapData) => data.features.filter((f) => !f.properties.cluster) as (MapData['features'][number] & { properties: Single })[];
/** Objects drawn, counting each cluster's members. */
const total = (data: MapData) => data.features.reduce((sum, f) => sum + (f.properties.cluster ? f.properties.count : 1), 0);

describe('GET data/map', () => {
  // Around Kraków: three sites within a few hundred metres, one 40 km away.
  let near: { id: string; name: string; title: string }[];
  let far: { id: string; name: string; title: string };
  beforeAll(async () => {
    near = [
      await buildObject(t.app, owner, { projects: [project.slug], title: 'Kraków north', geo: point(19.94, 50.07), metadata: { elevation: 219 } }),
      await buildObject(t.app, owner, { projects: [project.slug], title: 'Kraków east', geo: point(19.945, 50.065), types: ['soil-plot'] }),
      await buildObject(t.app, owner, { title: 'Kraków west', geo: point(19.935, 50.062), types: ['vegetation-plot', 'site'], projects: [other.slug] }),
    ];
    far = await buildObject(t.app, owner, { projects: [project.slug], title: 'Niepołomice forest', geo: point(20.4, 50.1) });
  });
  const region = 'bbox=19,49.5,21,50.5';

  it('clusters nearby objects at low zoom: the count and the extent of their members; a lone object comes as itself', async () => {
    const res = await api(t.app, 'GET', `/data/map?${region}&zoom=8`);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    const data = res.json() as MapData;
    expect(data.type).toBe('FeatureCollection');
    expect(clustersOf(data)).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [19.94, expect.closeTo(50.065667, 5)] },
        properties: { cluster: true, count: 3, bbox: [19.935, 50.062, 19.945, 50.07] },
      },
    ]);
    expect(singlesOf(data)).toEqual([
      {
        type: 'Feature',
        geometry: point(20.4, 50.1),
        properties: { cluster: false, id: far.id, name: far.name, title: 'Niepołomice forest', marker: 'mini', types: ['site'] },
      },
    ]);
  });

  it('at the lowest zoom, everything close together is one cluster', async () => {
    const data = await mapData('bbox=-180,-85,180,85&zoom=0');
    expect(data.features).toHaveLength(1);
    expect(data.features[0]!.properties).toEqual({ cluster: true, count: 4, bbox: [19.935, 50.062, 20.4, 50.1] });
  });

  it('answers objects one by one at high zoom: name, title, types and the first type’s marker, no metadata', async () => {
    const res = await api(t.app, 'GET', '/data/map?bbox=19.93,50.06,19.95,50.075&zoom=16');
    const data = res.json() as MapData;
    expect(clustersOf(data)).toEqual([]);
    const byTitle = Object.fromEntries(singlesOf(data).map((f) => [f.properties.title, f]));
    expect(Object.keys(byTitle).sort()).toEqual(['Kraków east', 'Kraków north', 'Kraków west']);
    expect(byTitle['Kraków north']).toEqual({
      type: 'Feature',
      geometry: point(19.94, 50.07),
      properties: { cluster: false, id: near[0]!.id, name: near[0]!.name, title: 'Kraków north', marker: 'mini', types: ['site'] },
    });
    expect(byTitle['Kraków east']!.properties).toMatchObject({ marker: 'soil', types: ['soil-plot'] });
    // Types in their order of position: a site comes before a vegetation plot.
    expect(byTitle['Kraków west']!.properties).toMatchObject({ marker: 'mini', types: ['site', 'vegetation-plot'] });
    // No metadata: each object carries these fields and nothing else (ids are random: no text search in the body).
    for (const f of singlesOf(data)) expect(Object.keys(f.properties).sort()).toEqual(['cluster', 'id', 'marker', 'name', 'title', 'types']);
  });

  it('answers only what lies in the box', async () => {
    const data = await mapData('bbox=20.3,50,20.5,50.2&zoom=8');
    expect(data.features.map((f) => f.properties)).toEqual([expect.objectContaining({ cluster: false, name: far.name })]);
    expect((await mapData('bbox=0,0,1,1&zoom=8')).features).toEqual([]);
  });

  it('filters by types (comma-separated) and by project', async () => {
    const names = async (query: string) =>
      singlesOf(await mapData(`bbox=19.93,50.06,19.95,50.075&zoom=16&${query}`))
        .map((f) => f.properties.title)
        .sort();
    expect(await names('types=soil-plot')).toEqual(['Kraków east']);
    expect(await names('types=soil-plot,vegetation-plot')).toEqual(['Kraków east', 'Kraków west']);
    expect(await names('types=volcano')).toEqual([]);
    expect(await names(`project=${other.slug}`)).toEqual(['Kraków west']);
    expect(await names(`project=${other.id}&types=site`)).toEqual(['Kraków west']);
    expect(await names('project=no-such-project')).toEqual([]);
    expect(total(await mapData(`${region}&zoom=8&types=site`))).toBe(3);
  });
});

describe('the grid', () => {
  it('draws objects either side of a cell boundary, close on screen, as one cluster', async () => {
    // Zoom 10: cells of 60 px in a world of 512 * 2^10 px; two objects a pixel apart astride one boundary.
    const perWorld = (512 * 2 ** 10) / 60;
    const boundaryLon = (7000 / perWorld) * 360 - 180;
    const y = 2800.5 / perWorld;
    const lat = Number(((Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI).toFixed(6));
    const west = Number((boundaryLon - 0.0004).toFixed(6));
    const east = Number((boundaryLon + 0.0004).toFixed(6));
    await buildObject(t.app, owner, { projects: [project.slug], title: 'West of the line', geo: point(west, lat) });
    await buildObject(t.app, owner, { projects: [project.slug], title: 'East of the line', geo: point(east, lat) });
    const data = await mapData(`bbox=${west - 0.5},${lat - 0.5},${east + 0.5},${lat + 0.5}&zoom=10`);
    expect(data.features.map((f) => f.properties)).toEqual([{ cluster: true, count: 2, bbox: [west, lat, east, lat] }]);
    expect(singlesOf(await mapData(`bbox=${west - 0.5},${lat - 0.5},${east + 0.5},${lat + 0.5}&zoom=16`))).toHaveLength(2);
  });
});

describe('objects with an area or a line', () => {
  it('appear at a point on their geometry, which follows a change of geometry', async () => {
    const field = await buildObject(t.app, owner, { projects: [project.slug], title: 'Field', types: ['property'], geo: square(-3.5, 55.0, 0.2) });
    const at = async () => {
      const [feature] = (await mapData('bbox=-4,54.5,-3,55.5&zoom=16')).features;
      return feature!.geometry.coordinates;
    };
    const [lon, lat] = await at();
    expect(lon).toBeGreaterThan(-3.5);
    expect(lon).toBeLessThan(-3.3);
    expect(lat).toBeGreaterThan(55.0);
    expect(lat).toBeLessThan(55.2);
    const moved = await api(t.app, 'PUT', `/data/obj/${field.name}`, {
      token: owner.token,
      body: {
        geo: {
          type: 'LineString',
          coordinates: [
            [-3.9, 54.6],
            [-3.9, 54.8],
          ],
        },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await at())[0]).toBe(-3.9);
  });

  it('without geometry, are not on the map', async () => {
    await buildObject(t.app, owner, { projects: [project.slug], title: 'Nowhere' });
    expect((await mapData('bbox=-180,-90,180,90&zoom=0')).features.some((f) => !f.properties.cluster && f.properties.title === 'Nowhere')).toBe(false);
  });
});

describe('members-only objects', () => {
  it('are neither counted nor shown to visitors and others, but are to members and managers', async () => {
    const hidden = { projects: [closed.slug], visibility: 'members' as const };
    await buildObject(t.app, owner, { projects: [project.slug], title: 'Open bog', geo: point(-8.0, 53.0) });
    await buildObject(t.app, owner, { title: 'Closed bog', geo: point(-8.001, 53.001), ...hidden });
    await buildObject(t.app, owner, { title: 'Closed fen', geo: point(-8.3, 53.3), ...hidden });
    const box = 'bbox=-9,52.5,-7.5,53.5';
    for (const token of [undefined, stranger.token]) {
      const low = await mapData(`${box}&zoom=6`, token);
      expect(low.features.map((f) => f.properties)).toEqual([expect.objectContaining({ cluster: false, title: 'Open bog' })]);
      const high = await mapData(`${box}&zoom=16`, token);
      expect(singlesOf(high).map((f) => f.properties.title)).toEqual(['Open bog']);
    }
    for (const token of [owner.token, manager.token]) {
      const low = await mapData(`${box}&zoom=6`, token);
      expect(total(low)).toBe(3);
      expect(clustersOf(low).map((f) => f.properties.count)).toEqual([3]);
      expect(
        singlesOf(await mapData(`${box}&zoom=16`, token))
          .map((f) => f.properties.title)
          .sort(),
      ).toEqual(['Closed bog', 'Closed fen', 'Open bog']);
    }
  });
});

describe('many objects', () => {
  it(`beyond ${MAX_OBJECTS} at high zoom, clusters them rather than answering each`, async () => {
    const typeId = sql`(select id from object_types where slug = 'site')`;
    await t.database.use(async (d) => {
      await d.execute(sql`insert into objects (name, title, geo)
        select 'dense-' || g, 'Dense ' || g, ST_SetSRID(ST_MakePoint(150 + (g % 50) * 0.00001, -30 + (g / 50) * 0.00001), 4326)
        from generate_series(0, ${MAX_OBJECTS}) g`);
      await d.execute(sql`insert into object_type_links (object_id, type_id) select id, ${typeId} from objects where name like 'dense-%'`);
    });
    const data = await mapData('bbox=149.99,-30.01,150.01,-29.99&zoom=16');
    expect(total(data)).toBe(MAX_OBJECTS + 1);
    expect(data.features.length).toBeLessThan(MAX_OBJECTS);
    expect(clustersOf(data).length).toBeGreaterThan(0);
  });

  it('widens the cells of a box far larger than a screen so that the answer stays small', () => {
    expect(cellPixels([19.9, 50.0, 20.0, 50.1], 12)).toBe(60);
    const worldAtZoom10 = cellPixels([-180, -85, 180, 85], 10);
    expect(worldAtZoom10).toBeGreaterThan(60);
    expect((512 * 2 ** 10) ** 2 / worldAtZoom10 ** 2).toBeLessThanOrEqual(MAX_CELLS * 1.01);
  });
});

describe('invalid requests', () => {
  it('answer 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['zoom=5', 'querystring.bbox'],
      ['bbox=1,2,3&zoom=5', 'querystring.bbox'],
      ['bbox=a,b,c,d&zoom=5', 'querystring.bbox'],
      ['bbox=0,0,200,10&zoom=5', 'querystring.bbox'],
      ['bbox=10,0,5,10&zoom=5', 'querystring.bbox'],
      ['bbox=0,0,1,1', 'querystring.zoom'],
      ['bbox=0,0,1,1&zoom=25', 'querystring.zoom'],
      ['bbox=0,0,1,1&zoom=-1', 'querystring.zoom'],
      ['bbox=0,0,1,1&zoom=near', 'querystring.zoom'],
    ];
    for (const [query, field] of cases) {
      const res = await api(t.app, 'GET', `/data/map?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });
});
