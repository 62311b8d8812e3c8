import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataTable, buildMetric, buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * SensorThings API 1.1 (OGC 18-088), read: each test names the requirements it checks
 * (http://www.opengis.net/spec/iot_sensing/1.1/req/…, shortened to req/…).
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let site: { id: string; name: string };
let bare: { id: string; name: string };
let hiddenSite: { id: string; name: string };
let table: string;
const temp = unique('air-temp-');
const state = unique('state-');
const STA = '/sta/v1.1';
/** Where the test client reached the API (links are absolute). */
let ROOT: string;
let BASE: string;

type Entity = Record<string, unknown> & { '@iot.id': string; '@iot.selfLink': string };
type Collection = { value: Entity[]; '@iot.count'?: number; '@iot.nextLink'?: string };

const get = async (path: string, who: TestUser | null = null) => api(t.app, 'GET', `${STA}/${path}`, who ? { token: who.token } : {});
async function read<T = Collection>(path: string, who: TestUser | null = null): Promise<T> {
  const res = await get(path, who);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json() as T;
}
/** A next link as a path the test client can ask for (after the SensorThings root). */
const afterBase = (link: string) => decodeURI(link.slice(link.indexOf(STA) + STA.length + 1));

beforeAll(async () => {
  t = await startTestApp();
  BASE = (await api(t.app, 'GET', STA)).json().value[0].url.replace(/\/Things$/, '');
  ROOT = BASE.slice(0, -STA.length);
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, {
    name: temp,
    title: 'Air temperature',
    unit: 'Cel',
    rules: [{ kind: 'range', name: 'Gross range', flag: 'bad', min: -40, max: 50 }],
  });
  await buildMetric(t.app, curator, { name: state, title: 'Gate state', type: 'category', allowed: ['open', 'shut'] });
  const project = await buildProject(t.app, owner);
  site = await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug], geo: { type: 'Point', coordinates: [10.5, 47.25] } });
  bare = await buildObject(t.app, owner, { name: unique('bare-'), projects: [project.slug] });
  table = (await buildDataTable(t.app, owner, project.slug, { title: 'Weather', metrics: [temp, state] })).id;
  const hourly = Array.from({ length: 30 }, (_, i) => ({
    object: site.name,
    metric: temp,
    time: new Date(Date.UTC(2024, 5, 1, i)).toISOString(),
    value: i === 7 ? 99 : i,
  }));
  const gate = [{ object: bare.name, metric: state, time: '2024-06-02T10:00:00+02:00', value: 'open', note: 'after the flood' }];
  const written = await api(t.app, 'POST', `/projects/${project.slug}/datatables/${table}/observations`, {
    token: owner.token,
    body: { observations: [...hourly, ...gate] },
  });
  expect(written.statusCode, written.body).toBe(200);

  // A members-only project's series is not a visitor's.
  const hidden = await buildProject(t.app, owner, { visibility: 'members' });
  hiddenSite = await buildObject(t.app, owner, { name: unique('hidden-'), projects: [hidden.slug], geo: { type: 'Point', coordinates: [12.5, 49.5] } });
  const hiddenTable = (await buildDataTable(t.app, owner, hidden.slug, { metrics: [temp] })).id;
  const res = await api(t.app, 'POST', `/projects/${hidden.slug}/datatables/${hiddenTable}/observations`, {
    token: owner.token,
    body: { observations: [{ object: hiddenSite.name, metric: temp, time: '2024-06-01T00:00:00Z', value: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

/** The datastream of a metric on an object, as the reader sees it. */
async function datastreamOf(object: string, who: TestUser | null = null): Promise<Entity> {
  const { value } = await read(`Things('${object}')/Datastreams`, who);
  expect(value).toHaveLength(1);
  return value[0]!;
}

describe('the landing page and the data model (req/datamodel, req/resource-path)', () => {
  it('lists each entity set with its address and the conformance classes served', async () => {
    const res = await api(t.app, 'GET', STA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.value).toContainEqual({ name: 'Things', url: `${BASE}/Things` });
    expect(body.value.map((v: { name: string }) => v.name)).toEqual([
      'Things',
      'Locations',
      'HistoricalLocations',
      'Datastreams',
      'Sensors',
      'ObservedProperties',
      'Observations',
      'FeaturesOfInterest',
    ]);
    expect(body.serverSettings.conformance).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/create-update-delete/create-entity',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/create-update-delete/deep-insert',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/create-update-delete/historical-location-auto-creation',
        'http://www.opengis.net/spec/iot_sensing/1.1/req/data-array/data-array',
      ]),
    );
    // ObservedProperties are the catalogue's metrics, not made through SensorThings: create-update-delete is claimed by its parts.
    expect(body.serverSettings.conformance).not.toContain('http://www.opengis.net/spec/iot_sensing/1.1/req/create-update-delete');
  });

  it('a Thing carries @iot.id, @iot.selfLink and a navigation link per relation; its Location is its geometry (req/datamodel/entity-control-information, thing, location)', async () => {
    const thing = await read<Entity>(`Things('${site.id}')`);
    expect(thing).toMatchObject({
      '@iot.id': site.id,
      '@iot.selfLink': `${BASE}/Things('${site.id}')`,
      'Locations@iot.navigationLink': `${BASE}/Things('${site.id}')/Locations`,
      'HistoricalLocations@iot.navigationLink': `${BASE}/Things('${site.id}')/HistoricalLocations`,
      'Datastreams@iot.navigationLink': `${BASE}/Things('${site.id}')/Datastreams`,
      name: site.name,
      description: 'Site',
      properties: { key: site.name },
    });
    const { value: locations } = await read(`Things('${site.id}')/Locations`);
    expect(locations).toEqual([
      expect.objectContaining({ '@iot.id': site.id, encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [10.5, 47.25] } }),
    ]);
    // An object without a geometry has no Location, but is a Thing and a feature.
    expect((await read(`Things('${bare.id}')/Locations`)).value).toEqual([]);
    expect(await read<Entity>(`FeaturesOfInterest('${bare.id}')`)).toMatchObject({ feature: null, encodingType: 'application/geo+json' });
  });

  it('a Datastream is a metric on an object in a data table: UCUM unit, observation type, observed area and phenomenon time (req/datamodel/datastream)', async () => {
    const ds = await datastreamOf(site.id);
    expect(ds).toMatchObject({
      name: `Air temperature at ${site.name}`,
      observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement',
      unitOfMeasurement: { name: 'degree Celsius', symbol: '°C', definition: `${ROOT}/data/units/Cel` },
      observedArea: { type: 'Point', coordinates: [10.5, 47.25] },
      phenomenonTime: '2024-06-01T00:00:00.000Z/2024-06-02T05:00:00.000Z',
      properties: { dataTable: table },
    });
    const gate = await datastreamOf(bare.id);
    expect(gate).toMatchObject({
      observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_CategoryObservation',
      unitOfMeasurement: { name: null, symbol: null, definition: null },
    });
    const property = await read<Entity>(`Datastreams('${ds['@iot.id']}')/ObservedProperty`);
    expect(property).toMatchObject({ name: 'Air temperature', definition: `${ROOT}/data/metrics/${temp}` });
    expect((await read(`ObservedProperties('${property['@iot.id']}')/Datastreams`)).value.map((d) => d['@iot.id'])).toContain(ds['@iot.id']);
    expect((await read<Entity>(`Datastreams('${ds['@iot.id']}')/Thing`))['@iot.id']).toBe(site.id);
  });

  it('an Observation: its result as its metric types it, the flag and data level as resultQuality, the note as a parameter (req/datamodel/observation)', async () => {
    const gate = await datastreamOf(bare.id);
    const [observation] = (await read(`Datastreams('${gate['@iot.id']}')/Observations`)).value;
    expect(observation).toMatchObject({
      '@iot.id': `${gate['@iot.id']}_2024-06-02T08:00:00.000Z`,
      phenomenonTime: '2024-06-02T08:00:00.000Z',
      result: 'open',
      resultQuality: { flag: 'not checked', code: 2, rule: null, level: 'raw' },
      parameters: { note: 'after the flood' },
    });
    expect(await read<Entity>(`Observations('${observation!['@iot.id']}')`)).toMatchObject({ result: 'open' });
    expect((await read<Entity>(`Observations('${observation!['@iot.id']}')/FeatureOfInterest`))['@iot.id']).toBe(bare.id);
    expect((await read<Entity>(`Observations('${observation!['@iot.id']}')/Datastream/Thing`))['@iot.id']).toBe(bare.id);
    const ds = await datastreamOf(site.id);
    const flagged = (await read(`Datastreams('${ds['@iot.id']}')/Observations?$filter=result gt 50`)).value;
    expect(flagged).toEqual([expect.objectContaining({ result: 99, resultQuality: { flag: 'bad', code: 4, rule: 'Gross range', level: 'raw' } })]);
  });

  it('addresses a property, its $value and $ref links (req/resource-path/resource-path-to-entities)', async () => {
    expect(await read(`Things('${site.id}')/name`)).toEqual({ name: site.name });
    const value = await get(`Things('${site.id}')/name/$value`);
    expect(value.headers['content-type']).toContain('text/plain');
    expect(value.body).toBe(site.name);
    expect(await read(`Things('${site.id}')/Locations/$ref`)).toEqual({ value: [{ '@iot.selfLink': `${BASE}/Locations('${site.id}')` }] });
    // A property that is null answers 204 with no body (req/request-data/status-code).
    const none = await get(`FeaturesOfInterest('${bare.id}')/feature`);
    expect([none.statusCode, none.body]).toEqual([204, '']);
    expect(await read(`Things('${site.id}')/$ref`)).toEqual({ '@iot.selfLink': `${BASE}/Things('${site.id}')` });
  });

  it('answers 404 for what does not exist: an unknown set, id, navigation or property', async () => {
    for (const path of [
      'Gadgets',
      `Things('no-such-thing')`,
      `Things('${site.id}')/Gadgets`,
      `Things('${site.id}')/colour`,
      `Observations('x_2024')`,
      'Things/Locations',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
    }
  });
});

describe('query options (req/request-data)', () => {
  it('$filter compares results and times, and answers 400 naming the position of a mistake (req/request-data/filter, built-in-filter-operations)', async () => {
    const ds = (await datastreamOf(site.id))['@iot.id'];
    const values = async (filter: string) =>
      (await read(`Datastreams('${ds}')/Observations?$top=1000&$orderby=phenomenonTime&$filter=${encodeURIComponent(filter)}`)).value.map((o) => o.result);
    expect(await values('result ge 3 and result lt 6')).toEqual([3, 4, 5]);
    expect(await values('phenomenonTime ge 2024-06-02T03:00:00+01:00 and phenomenonTime lt 2024-06-02T05:00:00Z')).toEqual([26, 27, 28]);
    expect(await values('result mod 10 eq 0 and not (result eq 0)')).toEqual([10, 20]);
    expect(await values('hour(phenomenonTime) eq 23')).toEqual([23]);
    expect(await values(`resultQuality eq 'bad'`).catch(() => 'refused')).toBe('refused');
    const bad = await get(`Observations?$filter=${encodeURIComponent('result gt')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'querystring.$filter', message: expect.stringContaining('position 9') });
    const unknown = await get(`Things?$filter=${encodeURIComponent("colour eq 'red'")}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].message).toContain('position 0');
  });

  it('$filter through navigations and on Things by geometry (built-in-query-functions: geo.intersects, st_within, substringof)', async () => {
    const names = async (set: string, filter: string) => (await read(`${set}?$top=1000&$filter=${encodeURIComponent(filter)}`)).value.map((e) => e.name);
    expect(await names('Locations', `geo.intersects(location, geography'POLYGON((10 47, 11 47, 11 48, 10 48, 10 47))')`)).toEqual([site.name]);
    expect(await names('Locations', `st_within(location, geography'POLYGON((10 47, 11 47, 11 48, 10 48, 10 47))')`)).toEqual([site.name]);
    expect(await names('Things', `substringof('${bare.name.slice(0, 8)}', name)`)).toEqual([bare.name]);
    const ds = (await datastreamOf(bare.id))['@iot.id'];
    const gate = (await read(`Observations?$filter=${encodeURIComponent(`Datastream/id eq '${ds}'`)}`)).value;
    expect(gate.map((o) => o.result)).toEqual(['open']);
    const byMetric = (await read(`Observations?$top=1000&$filter=${encodeURIComponent(`Datastream/ObservedProperty/name eq 'Gate state'`)}`)).value;
    expect(byMetric.map((o) => o.result)).toEqual(['open']);
  });

  it('$orderby, $top, $skip, $count and @iot.nextLink page through a collection to its end (req/request-data/orderby, top, skip, count, pagination)', async () => {
    const ds = (await datastreamOf(site.id))['@iot.id'];
    const first = await read(`Datastreams('${ds}')/Observations?$orderby=phenomenonTime desc&$top=8&$count=true`);
    expect(first['@iot.count']).toBe(30);
    expect(first.value.map((o) => o.result)).toEqual([29, 28, 27, 26, 25, 24, 23, 22]);
    const results = [...first.value.map((o) => o.result)];
    let next = first['@iot.nextLink'];
    expect(next).toBe(`${BASE}/Datastreams('${ds}')/Observations?$orderby=phenomenonTime+desc&$count=true&$top=8&$skip=8`);
    while (next) {
      const page = await read(afterBase(next));
      results.push(...page.value.map((o) => o.result));
      next = page['@iot.nextLink'];
    }
    expect(results).toEqual(Array.from({ length: 30 }, (_, i) => (29 - i === 7 ? 99 : 29 - i)));
    expect((await read(`Datastreams('${ds}')/Observations?$skip=29&$orderby=result`)).value.map((o) => o.result)).toEqual([99]);
  });

  it('$select keeps the properties named; $expand nests navigations with their own options (req/request-data/select, expand)', async () => {
    expect(await read<Entity>(`Things('${site.id}')?$select=name,id`)).toEqual({ '@iot.id': site.id, name: site.name });
    const thing = await read<Entity & { Datastreams: (Entity & { Observations: Entity[]; ObservedProperty: Entity })[] }>(
      `Things('${site.id}')?$expand=${encodeURIComponent('Datastreams($select=name;$expand=Observations($top=2;$orderby=phenomenonTime desc;$select=result),ObservedProperty)')}`,
    );
    expect(thing.Datastreams).toHaveLength(1);
    expect(thing.Datastreams[0]!.name).toBe(`Air temperature at ${site.name}`);
    expect(thing.Datastreams[0]!.Observations).toEqual([{ result: 29 }, { result: 28 }]);
    expect(thing.Datastreams[0]!.ObservedProperty).toMatchObject({ name: 'Air temperature' });
    const observations = await read(
      `Observations?$top=2&$filter=${encodeURIComponent('result eq 99 or result eq 1')}&$orderby=result&$expand=Datastream/Thing`,
    );
    expect(observations.value.map((o) => ((o.Datastream as Entity).Thing as Entity)['@iot.id'])).toEqual([site.id, site.id]);
    const counted = await read<Entity>(
      `Datastreams('${(await datastreamOf(site.id))['@iot.id']}')?$expand=${encodeURIComponent('Observations($top=1;$count=true)')}`,
    );
    expect(counted['Observations@iot.count']).toBe(30);
  });

  it('answers 400 naming the option for a bad $top, an unknown property or a navigation a set does not have; 501 for an option not served', async () => {
    for (const [query, field] of [
      ['$top=-1', '$top'],
      ['$orderby=colour', '$orderby'],
      ['$expand=Gadgets', '$expand'],
    ] as const) {
      const res = await get(`Things?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field, query).toBe(`querystring.${field}`);
    }
    // An option not served is 501 (req/request-data/query-status-code), inside $expand too.
    for (const query of ['$resultFormat=dataArray', '$frobnicate=1', `$expand=${encodeURIComponent('Datastreams($search=x)')}`]) {
      const res = await get(`Things?${query}`);
      expect(res.statusCode, query).toBe(501);
      expect(res.json(), query).toMatchObject({ code: 'NOT_IMPLEMENTED', error: expect.stringContaining('Unknown query option') });
    }
  });
});

describe('visibility as in the objects API', () => {
  it('a members-only project’s datastream and its observations are its members’ only, though its object is public', async () => {
    const ids = async (who: TestUser | null) =>
      (await read(`Observations?$top=10000&$filter=${encodeURIComponent(`FeatureOfInterest/id eq '${hiddenSite.id}'`)}`, who)).value.length;
    expect(await ids(owner)).toBe(1);
    expect(await ids(null)).toBe(0);
    expect(await ids(stranger)).toBe(0);
    // The object is public: a Thing to all, its series only to the project's members.
    expect((await get(`Things('${hiddenSite.id}')`, stranger)).statusCode).toBe(200);
    expect((await read(`Things('${hiddenSite.id}')/Datastreams`, stranger)).value).toEqual([]);
    expect((await read(`Things('${hiddenSite.id}')/Datastreams`, owner)).value).toHaveLength(1);
  });
});
