import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiKey, buildDataTable, buildMetric, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * SensorThings API 1.1 (OGC 18-088), Create-Update-Delete and the Data Array extension;
 * each test names the requirements it checks (…/req/create-update-delete/…, …/req/data-array/…).
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let project: { id: string; slug: string };
let table: string;
let temp: { id: string; name: string };
let gate: { id: string; name: string };
const STA = '/sta/v1.1';

type Entity = Record<string, unknown> & { '@iot.id': string; '@iot.selfLink': string };

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', path: string, who: TestUser | string | null, body?: unknown) =>
  api(t.app, method, `${STA}/${path}`, { ...(who ? { token: typeof who === 'string' ? who : who.token } : {}), ...(body === undefined ? {} : { body }) });
async function created(path: string, body: unknown, who: TestUser | string = owner): Promise<Entity> {
  const res = await send('POST', path, who, body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.location).toBe(res.json()['@iot.selfLink']);
  return res.json();
}

beforeAll(async () => {
  // Small turns, so a batch of a test is many: each lets the requests waiting in.
  t = await startTestApp({ writeChunkRows: 1_000 });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  const tempName = unique('water-temp-');
  const gateName = unique('gate-');
  await buildMetric(t.app, curator, {
    name: tempName,
    title: 'Water temperature',
    unit: 'Cel',
    rules: [{ kind: 'range', name: 'Gross range', flag: 'bad', min: -2, max: 40 }],
  });
  await buildMetric(t.app, curator, { name: gateName, title: 'Gate open', type: 'boolean' });
  temp = { id: tempName, name: tempName };
  gate = { id: gateName, name: gateName };
  project = await buildProject(t.app, owner);
  table = (await buildDataTable(t.app, owner, project.slug, { title: 'Loggers', metrics: [tempName, gateName] })).id;
});
afterAll(() => t.close());

/** A Thing with its Location, a Sensor and a Datastream of water temperature on it. */
async function station() {
  const thing = await created('Things', {
    name: unique('Lake station '),
    description: 'A buoy',
    properties: { project: project.slug, types: ['site'] },
    Locations: [{ name: 'Buoy', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [8.55, 47.37] } }],
  });
  const sensor = await created('Sensors', {
    name: unique('Thermistor '),
    encodingType: 'application/pdf',
    metadata: 'https://example.org/t.pdf',
    properties: { project: project.slug },
  });
  const datastream = await created('Datastreams', {
    name: 'Water temperature at 1 m',
    unitOfMeasurement: { name: 'degree Celsius', symbol: '°C', definition: 'http://unitsofmeasure.org/ucum.html#Cel' },
    observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement',
    Thing: { '@iot.id': thing['@iot.id'] },
    Sensor: { '@iot.id': sensor['@iot.id'] },
    ObservedProperty: { '@iot.id': temp.id },
    properties: { dataTable: table },
  });
  return { thing, sensor, datastream };
}

describe('create (req/create-update-delete/create-entity, link-to-existing-entities, deep-insert, deep-insert-status-code)', () => {
  it('a Thing with its Location inline is an object with that geometry; a Sensor and a Datastream link to what exists; each answers 201 with its address', async () => {
    const { thing, sensor, datastream } = await station();
    expect(thing).toMatchObject({ description: 'Site' });
    const object = (await api(t.app, 'GET', `/data/obj/${thing['@iot.id']}`)).json().obj;
    expect(object).toMatchObject({
      title: thing.name,
      geo: { type: 'Point', coordinates: [8.55, 47.37] },
      projects: [expect.objectContaining({ slug: project.slug })],
    });
    expect(sensor).toMatchObject({ encodingType: 'application/pdf', metadata: 'https://example.org/t.pdf', properties: { project: project.id } });
    expect(datastream).toMatchObject({ name: 'Water temperature at 1 m', unitOfMeasurement: { symbol: '°C' } });
    expect((await send('GET', `Datastreams('${datastream['@iot.id']}')/Sensor`, null)).json()['@iot.id']).toBe(sensor['@iot.id']);
    expect((await send('GET', `Datastreams('${datastream['@iot.id']}')/Thing`, null)).json()['@iot.id']).toBe(thing['@iot.id']);
  });

  it('a deep insert: a Thing with its Location and Datastreams, each with a new Sensor; a Datastream with a new Thing; all or nothing, naming the place', async () => {
    const name = unique('Mooring ');
    const sensorName = unique('Probe ');
    const stream = (sensor: unknown) => ({
      name: 'Water temperature at 5 m',
      unitOfMeasurement: { name: 'degree Celsius', symbol: '°C', definition: 'http://unitsofmeasure.org/ucum.html#Cel' },
      ObservedProperty: { '@iot.id': temp.id },
      Sensor: sensor,
      properties: { dataTable: table },
    });
    const thing = await created('Things', {
      name,
      properties: { project: project.slug },
      Locations: [{ name: 'Mooring', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [8.5, 47.3] } }],
      Datastreams: [stream({ name: sensorName, encodingType: 'application/pdf', metadata: 'https://example.org/p.pdf' })],
    });
    const read = (await send('GET', `Things('${thing['@iot.id']}')?$expand=Locations,Datastreams($expand=Sensor,ObservedProperty)`, owner)).json();
    expect(read.Locations).toHaveLength(1);
    expect(read.Datastreams).toEqual([
      expect.objectContaining({
        name: 'Water temperature at 5 m',
        Sensor: expect.objectContaining({ name: sensorName, metadata: 'https://example.org/p.pdf', properties: { project: project.id } }),
        ObservedProperty: expect.objectContaining({ '@iot.id': temp.id }),
      }),
    ]);

    // A Datastream with its Thing inline, its Sensor linked.
    const sensor = read.Datastreams[0].Sensor['@iot.id'];
    const ds = await created('Datastreams', {
      ...stream({ '@iot.id': sensor }),
      Thing: { name: unique('Drifter '), properties: { project: project.slug }, Locations: [{ location: { type: 'Point', coordinates: [8.4, 47.2] } }] },
    });
    const drifter = (await send('GET', `Datastreams('${ds['@iot.id']}')/Thing?$expand=Locations`, owner)).json();
    expect(drifter.Locations[0].location).toEqual({ type: 'Point', coordinates: [8.4, 47.2] });
    expect((await send('GET', `Datastreams('${ds['@iot.id']}')/Sensor`, owner)).json()['@iot.id']).toBe(sensor);

    // A bad part refuses the whole: no thing, no sensor made before it.
    const counted = async (path: string) => (await send('GET', `${path}&$count=true`, owner)).json()['@iot.count'];
    const refusedName = unique('Refused ');
    const cases: [unknown, string][] = [
      [{ ...stream({ name: refusedName }), ObservedProperty: { '@iot.id': unique('no-such-') } }, 'body.Datastreams.1.ObservedProperty'],
      [stream({ description: 'no name' }), 'body.Datastreams.1.Sensor.name'],
      [stream({ '@iot.id': '' }), 'body.Datastreams.1.Sensor.@iot.id'],
      [{ ...stream(null), properties: { dataTable: randomUUID() } }, 'body.Datastreams.1.properties.dataTable'],
    ];
    for (const [second, field] of cases) {
      const res = await send('POST', 'Things', owner, {
        name: refusedName,
        properties: { project: project.slug },
        Datastreams: [stream({ name: refusedName }), second],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await counted(`Things?$filter=${encodeURIComponent(`name eq '${refusedName}'`)}`)).toBe(0);
    expect(await counted(`Sensors?$filter=${encodeURIComponent(`name eq '${refusedName}'`)}`)).toBe(0);
    // An observed property is the catalogue's metric: linked, never made inline.
    const inlineProperty = await send('POST', 'Datastreams', owner, {
      ...stream(null),
      Thing: { '@iot.id': thing['@iot.id'] },
      ObservedProperty: { name: 'Turbidity', definition: 'http://example.org/turbidity', description: '' },
    });
    expect(inlineProperty.statusCode).toBe(400);
    expect(inlineProperty.json().details[0].field).toBe('body.ObservedProperty.@iot.id');
  });

  it('an Observation through its Datastream’s navigation or linked by id; its feature is its thing; the metric’s rules flag it at once', async () => {
    const { thing, datastream } = await station();
    const ds = datastream['@iot.id'];
    const one = await created(`Datastreams('${ds}')/Observations`, {
      phenomenonTime: '2024-07-01T12:00:00+02:00',
      result: 21.5,
      parameters: { note: 'calibrated' },
    });
    expect(one).toMatchObject({
      '@iot.id': `${ds}_2024-07-01T10:00:00.000Z`,
      result: 21.5,
      parameters: { note: 'calibrated' },
      resultQuality: { flag: 'not checked' },
    });
    const hot = await created('Observations', {
      phenomenonTime: '2024-07-01T11:00:00Z',
      result: 55,
      Datastream: { '@iot.id': ds },
      FeatureOfInterest: { '@iot.id': thing['@iot.id'] },
    });
    expect(hot.resultQuality).toMatchObject({ flag: 'bad', rule: 'Gross range' });
    expect((await send('GET', `Observations('${hot['@iot.id']}')/FeatureOfInterest`, null)).json()['@iot.id']).toBe(thing['@iot.id']);
    // The data table holds them as any written value.
    const rows = (
      await api(t.app, 'GET', `/projects/${project.slug}/datatables/${table}/observations?object=${thing['@iot.id']}`, { token: owner.token })
    ).json().observations;
    expect(rows.map((r: { value: number; note: string }) => [r.value, r.note])).toEqual([
      [21.5, 'calibrated'],
      [55, ''],
    ]);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const { thing, datastream } = await station();
    const ds = datastream['@iot.id'];
    const refused = async (path: string, body: unknown, field: string) => {
      const res = await send('POST', path, owner, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await refused(`Datastreams('${ds}')/Observations`, { phenomenonTime: '2024-07-01T12:00:00Z', result: 'warm' }, 'body.result');
    await refused(`Datastreams('${ds}')/Observations`, { phenomenonTime: 'yesterday', result: 1 }, 'body.phenomenonTime');
    await refused(`Datastreams('${ds}')/Observations`, { phenomenonTime: '2024-07-01T12:00:00Z/2024-07-01T13:00:00Z', result: 1 }, 'body.phenomenonTime');
    await refused('Observations', { phenomenonTime: '2024-07-01T12:00:00Z', result: 1, Datastream: { '@iot.id': 'no-such-stream' } }, 'body.Datastream');
    await refused('Observations', { phenomenonTime: '2024-07-01T12:00:00Z', result: 1 }, 'body.Datastream');
    await refused(`Datastreams('${ds}')/Observations`, { result: 1, FeatureOfInterest: { '@iot.id': project.id } }, 'body.FeatureOfInterest');
    const base = { Thing: { '@iot.id': thing['@iot.id'] }, ObservedProperty: { '@iot.id': gate.id }, properties: { dataTable: table } };
    await refused('Datastreams', { ...base, unitOfMeasurement: { symbol: 'K' } }, 'body.unitOfMeasurement');
    await refused(
      'Datastreams',
      { ...base, ObservedProperty: { '@iot.id': temp.id }, unitOfMeasurement: { symbol: 'K', definition: 'http://example.org/kelvin' } },
      'body.unitOfMeasurement',
    );
    await refused('Datastreams', { ...base, properties: { dataTable: project.id } }, 'body.properties.dataTable');
    await refused('Datastreams', { ...base, Thing: { '@iot.id': project.id } }, 'body.Thing');
    await refused('Sensors', { name: 'x' }, 'body.properties');
    await refused('Things', { name: '', properties: { project: project.slug } }, 'body.name');
    await refused(
      'Things',
      {
        name: 'Two places',
        properties: { project: project.slug },
        Locations: [{ location: { type: 'Point', coordinates: [0, 0] } }, { location: { type: 'Point', coordinates: [1, 1] } }],
      },
      'body.Locations',
    );
    // The same metric on the same thing in the same table is one datastream.
    const again = await send('POST', 'Datastreams', owner, { ...base, ObservedProperty: { '@iot.id': temp.id } });
    expect(again.statusCode).toBe(409);
    expect((await send('GET', `Datastreams('${ds}')/Observations?$count=true`, owner)).json()['@iot.count']).toBe(0);
    for (const set of ['Locations', 'ObservedProperties', 'FeaturesOfInterest'])
      expect((await send('POST', set, owner, { name: 'x' })).statusCode, set).toBe(405);
  });
});

describe('the data array (req/data-array/data-array)', () => {
  it('writes many values of many datastreams in one request, answers each one’s address, and a repeated batch changes nothing', async () => {
    const { thing, datastream } = await station();
    const door = await created(`Things('${thing['@iot.id']}')/Datastreams`, { ObservedProperty: { '@iot.id': gate.id }, properties: { dataTable: table } });
    const body = [
      {
        Datastream: { '@iot.id': datastream['@iot.id'] },
        components: ['phenomenonTime', 'result', 'FeatureOfInterest/id'],
        'dataArray@iot.count': 3,
        dataArray: [
          ['2024-08-01T00:00:00Z', 10.5, thing['@iot.id']],
          ['2024-08-01T01:00:00Z', 10.25, thing['@iot.id']],
          ['2024-08-01T02:00:00Z', 99, thing['@iot.id']],
        ],
      },
      {
        Datastream: { '@iot.id': door['@iot.id'] },
        components: ['result', 'phenomenonTime', 'parameters/note'],
        dataArray: [[true, '2024-08-01T00:30:00+00:00', 'opened']],
      },
    ];
    const res = await send('POST', 'CreateObservations', owner, body);
    expect(res.statusCode, res.body).toBe(201);
    const links: string[] = res.json();
    expect(links).toHaveLength(4);
    expect(links[0]).toMatch(new RegExp(`/sta/v1\\.1/Observations\\('${datastream['@iot.id']}_2024-08-01T00:00:00.000Z'\\)$`));
    const read = async () =>
      (await send('GET', `Datastreams('${datastream['@iot.id']}')/Observations?$orderby=phenomenonTime&$select=result,resultQuality`, owner)).json().value;
    const first = await read();
    expect(first.map((o: { result: number }) => o.result)).toEqual([10.5, 10.25, 99]);
    expect(first[2].resultQuality.flag).toBe('bad');
    expect((await send('GET', links[3]!.slice(links[3]!.indexOf(STA) + STA.length + 1), owner)).json()).toMatchObject({
      result: true,
      parameters: { note: 'opened' },
    });
    expect((await send('POST', 'CreateObservations', owner, body)).statusCode).toBe(201);
    expect(await read()).toEqual(first);
  });

  it('writes a large batch whole; the embedded database writes it a chunk per turn, answering other requests in between', async () => {
    const { datastream } = await station();
    const ds = datastream['@iot.id'];
    const total = 10_000;
    const start = Date.UTC(2020, 0, 1);
    // A minute apart; every thousandth above the gross range (40).
    const dataArray = Array.from({ length: total }, (_, i) => [new Date(start + i * 60_000).toISOString(), i % 1000 === 999 ? 45 : i % 30]);
    let done = false;
    const writing = send('POST', 'CreateObservations', owner, [{ Datastream: { '@iot.id': ds }, components: ['phenomenonTime', 'result'], dataArray }]).finally(
      () => (done = true),
    );
    const count = async (filter = '') =>
      (await send('GET', `Datastreams('${ds}')/Observations?$top=1&$count=true${filter && `&$filter=${encodeURIComponent(filter)}`}`, owner)).json()[
        '@iot.count'
      ] as number;
    const seen: number[] = [];
    // Two readers, always one waiting its turn: each turn of the writer (1,000 values) lets them in.
    const reader = async () => {
      while (!done) seen.push(await count());
    };
    await Promise.all([reader(), reader()]);
    const res = await writing;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(await count()).toBe(total);
    expect(await count('result gt 40')).toBe(total / 1000);
    const partial = seen.filter((n) => n > 0 && n < total);
    if (t.database.kind === 'embedded') expect(partial.length, `counts read while writing: ${seen.join(', ')}`).toBeGreaterThan(0);
    // A server writes it in one transaction: no reader sees a part.
    else expect(partial).toEqual([]);
  });

  it('on the embedded database, a datastream deleted between two turns refuses the rest: the answer says how much was written, and it is not made again', async () => {
    if (t.database.kind !== 'embedded') {
      // A server writes the batch in one transaction: nothing happens between turns (the test above shows no reader sees a part).
      expect(t.database.kind).toBe('server');
      return;
    }
    const { thing, datastream } = await station();
    const door = await created(`Things('${thing['@iot.id']}')/Datastreams`, { ObservedProperty: { '@iot.id': gate.id }, properties: { dataTable: table } });
    // Written in series order: the first series' 19,000 values in nineteen turns, the last one's 1,000 in the twentieth.
    const [first, last] = [datastream['@iot.id'], door['@iot.id']].sort((a, b) => a.localeCompare(b)) as [string, string];
    const minutes = (n: number, value: (i: number) => unknown) =>
      Array.from({ length: n }, (_, i) => [new Date(Date.UTC(2021, 0, 1) + i * 60_000).toISOString(), value(i)]);
    const groups = [
      {
        Datastream: { '@iot.id': first },
        components: ['phenomenonTime', 'result'],
        dataArray: minutes(19_000, (i) => (first === door['@iot.id'] ? i % 2 === 0 : i % 30)),
      },
      {
        Datastream: { '@iot.id': last },
        components: ['phenomenonTime', 'result'],
        dataArray: minutes(1_000, (i) => (last === door['@iot.id'] ? i % 2 === 0 : i % 30)),
      },
    ];
    let settled = false;
    const writing = send('POST', 'CreateObservations', owner, groups).finally(() => (settled = true));
    const count = async (id: string) => (await send('GET', `Datastreams('${id}')/Observations?$top=1&$count=true`, owner)).json()['@iot.count'] as number;
    // Once a turn is written, the last series goes: its turn comes many turns later (each read waits for a turn).
    while (!settled && (await count(first)) === 0);
    expect((await send('DELETE', `Datastreams('${last}')`, owner)).statusCode).toBe(200);
    const res = await writing;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error).toBe(`19000 of 20000 values were written, the rest not: No datastream ${last}`);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('body.1.dataArray.0.Datastream');
    expect(await count(first)).toBe(19_000);
    expect((await send('GET', `Datastreams('${last}')`, owner)).statusCode).toBe(404);
    expect((await send('GET', `Things('${thing['@iot.id']}')/Datastreams?$count=true`, owner)).json()['@iot.count']).toBe(1);
  });

  it('is all or nothing: a bad row refuses the batch, naming the group, the row and the component', async () => {
    const { datastream } = await station();
    const ds = datastream['@iot.id'];
    const bad = async (dataArray: unknown[][], field: string, components = ['phenomenonTime', 'result']) => {
      const res = await send('POST', 'CreateObservations', owner, [{ Datastream: { '@iot.id': ds }, components, dataArray }]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad(
      [
        ['2024-09-01T00:00:00Z', 1],
        ['2024-09-01T01:00:00Z', 'warm'],
      ],
      'body.0.dataArray.1.result',
    );
    await bad(
      [
        ['2024-09-01T00:00:00Z', 1],
        ['not a time', 2],
      ],
      'body.0.dataArray.1.0',
    );
    await bad(
      [
        ['2024-09-01T00:00:00Z', 1],
        ['2024-09-01T00:00:00Z', 2],
      ],
      'body.0.dataArray.1.phenomenonTime',
    );
    await bad([['2024-09-01T00:00:00Z']], 'body.0.dataArray.0');
    await bad([['2024-09-01T00:00:00Z', 1]], 'body.0.components', ['phenomenonTime', 'colour']);
    expect((await send('GET', `Datastreams('${ds}')/Observations?$count=true`, owner)).json()['@iot.count']).toBe(0);
  });
});

describe('update and delete (req/create-update-delete/update-entity, delete-entity)', () => {
  it('PATCH changes only the properties given; a Thing’s Location is its geometry; an Observation keeps what is not given', async () => {
    const { thing, sensor, datastream } = await station();
    const patched = async (path: string, body: unknown) => {
      const res = await send('PATCH', path, owner, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Entity;
    };
    expect(await patched(`Sensors('${sensor['@iot.id']}')`, { description: 'Recalibrated' })).toMatchObject({ name: sensor.name, description: 'Recalibrated' });
    expect(await patched(`Things('${thing['@iot.id']}')`, { name: 'Lake buoy' })).toMatchObject({ name: 'Lake buoy' });
    expect(await patched(`Locations('${thing['@iot.id']}')`, { location: { type: 'Point', coordinates: [8.6, 47.4] } })).toMatchObject({
      location: { coordinates: [8.6, 47.4] },
    });
    expect(await patched(`Datastreams('${datastream['@iot.id']}')`, { Sensor: null })).toMatchObject({ name: 'Water temperature at 1 m' });
    expect((await send('GET', `Datastreams('${datastream['@iot.id']}')/Sensor`, owner)).statusCode).toBe(404);
    const obs = await created(`Datastreams('${datastream['@iot.id']}')/Observations`, {
      phenomenonTime: '2024-10-01T00:00:00Z',
      result: 12,
      parameters: { note: 'first' },
    });
    expect(await patched(`Observations('${obs['@iot.id']}')`, { result: 13 })).toMatchObject({ result: 13, parameters: { note: 'first' } });
    expect(await patched(`Observations('${obs['@iot.id']}')`, { parameters: { note: 'checked' } })).toMatchObject({
      result: 13,
      parameters: { note: 'checked' },
    });
    // Links are not changed inline, nor unknown properties.
    expect((await send('PATCH', `Things('${thing['@iot.id']}')`, owner, { Locations: [] })).statusCode).toBe(400);
    expect((await send('PATCH', `Observations('${obs['@iot.id']}')`, owner, { result: 'x' })).statusCode).toBe(400);
  });

  it('DELETE removes an observation, a datastream with its values, a sensor (its datastreams stay) and a thing; then they are 404', async () => {
    const { thing, sensor, datastream } = await station();
    const ds = datastream['@iot.id'];
    const obs = await created(`Datastreams('${ds}')/Observations`, { phenomenonTime: '2024-11-01T00:00:00Z', result: 5 });
    await created(`Datastreams('${ds}')/Observations`, { phenomenonTime: '2024-11-01T01:00:00Z', result: 6 });
    const gone = async (path: string) => {
      expect((await send('DELETE', path, owner)).statusCode, path).toBe(200);
      expect((await send('GET', path, owner)).statusCode, path).toBe(404);
      expect((await send('DELETE', path, owner)).statusCode, path).toBe(404);
    };
    await gone(`Observations('${obs['@iot.id']}')`);
    expect((await send('GET', `Datastreams('${ds}')/Observations?$count=true`, owner)).json()['@iot.count']).toBe(1);
    await gone(`Sensors('${sensor['@iot.id']}')`);
    expect((await send('GET', `Datastreams('${ds}')`, owner)).statusCode).toBe(200);
    await gone(`Datastreams('${ds}')`);
    expect((await send('GET', `Observations?$filter=${encodeURIComponent(`Datastream/id eq '${ds}'`)}&$count=true`, owner)).json()['@iot.count']).toBe(0);
    await gone(`Things('${thing['@iot.id']}')`);
  });
});

describe('historical locations (req/datamodel/historical-location, req/create-update-delete/historical-location-auto-creation)', () => {
  it('each new geometry of a Thing adds a HistoricalLocation, the latest first; one since replaced is a Location of its own, no longer the Thing’s', async () => {
    const { thing } = await station();
    const id = thing['@iot.id'];
    const key = (thing.properties as { key: string }).key;
    // Moved through the objects API (as a collection of two features), then through its Location.
    const pair = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8.6, 47.4] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8.7, 47.5, 410] } },
      ],
    };
    expect((await api(t.app, 'PUT', `/data/obj/${key}`, { token: owner.token, body: { geo: pair } })).statusCode).toBe(200);
    expect((await send('PATCH', `Locations('${id}')`, owner, { location: { type: 'Point', coordinates: [8.8, 47.6] } })).statusCode).toBe(200);
    // A change that is not of its place adds none.
    const moored = unique('Moored buoy ');
    expect((await send('PATCH', `Things('${id}')`, owner, { name: moored })).statusCode).toBe(200);

    // Past places are the object's editors' and the audit log's readers' (a place made coarse on purpose stays so to the others).
    const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    const history = (await send('GET', `Things('${id}')/HistoricalLocations?$expand=Locations,Thing($select=id)&$count=true`, admin)).json();
    expect(history['@iot.count']).toBe(3);
    const [latest, middle, first] = history.value as (Entity & { time: string; Locations: Entity[]; Thing: Entity })[];
    expect(Date.parse(latest!.time)).toBeGreaterThanOrEqual(Date.parse(middle!.time));
    expect(Date.parse(middle!.time)).toBeGreaterThanOrEqual(Date.parse(first!.time));
    expect(latest).toMatchObject({
      '@iot.selfLink': expect.stringMatching(/\/HistoricalLocations\('[^']+'\)$/),
      'Thing@iot.navigationLink': expect.stringContaining('/Thing'),
      'Locations@iot.navigationLink': expect.stringContaining('/Locations'),
      Thing: { '@iot.id': id },
    });
    // The latest is at the Thing's current Location; the others at their own, by the entry's id.
    expect(latest!.Locations).toEqual([expect.objectContaining({ '@iot.id': id, location: { type: 'Point', coordinates: [8.8, 47.6] } })]);
    expect(middle!.Locations).toEqual([
      expect.objectContaining({
        '@iot.id': middle!['@iot.id'],
        encodingType: 'application/geo+json',
        // As a Location reads any geometry: a collection of the features' own, flat.
        location: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Point', coordinates: [8.6, 47.4] },
            { type: 'Point', coordinates: [8.7, 47.5] },
          ],
        },
      }),
    ]);
    expect(first!.Locations[0]).toMatchObject({ '@iot.id': first!['@iot.id'], location: { type: 'Point', coordinates: [8.55, 47.37] } });
    // A past Location is described as its Thing is now (its object's types).
    expect(first!.Locations[0]!.description).toBe('Site');
    expect(latest!.Locations[0]!.description).toBe('Site');
    const past = first!['@iot.id'];
    expect((await send('GET', `Locations('${past}')/Things`, admin)).json().value).toEqual([]);
    expect((await send('GET', `Locations('${past}')/HistoricalLocations`, admin)).json().value.map((h: Entity) => h['@iot.id'])).toEqual([past]);
    expect((await send('GET', `Things('${id}')/Locations`, admin)).json().value.map((l: Entity) => l['@iot.id'])).toEqual([id]);
    expect((await send('GET', `HistoricalLocations('${past}')/Thing`, admin)).json()['@iot.id']).toBe(id);
    // Filtered by time and by their Thing, from the set itself.
    const since = encodeURIComponent(`Thing/id eq '${id}' and time ge ${middle!.time}`);
    expect((await send('GET', `HistoricalLocations?$filter=${since}&$count=true`, admin)).json()['@iot.count']).toBe(2);

    // The object's editor sees its track too, the past Locations in the set beside the current ones.
    expect((await send('GET', `Things('${id}')/HistoricalLocations?$count=true`, owner)).json()['@iot.count']).toBe(3);
    expect((await send('GET', `Locations('${past}')`, owner)).statusCode).toBe(200);
    const mine = encodeURIComponent(`name eq '${moored}'`);
    expect((await send('GET', `Locations?$filter=${mine}&$count=true`, owner)).json()['@iot.count']).toBe(3);
    // To others (a visitor, a signed-in reader, the editor's own key that may not edit), the latest alone: no past Location, no past place.
    const readOnly = (await buildApiKey(t.app, owner, { permissions: [] })).secret;
    for (const reader of [null, stranger, readOnly]) {
      const seen = (await send('GET', `Things('${id}')/HistoricalLocations?$expand=Locations`, reader)).json().value;
      expect(seen.map((h: Entity) => h['@iot.id'])).toEqual([latest!['@iot.id']]);
      expect(seen[0].Locations.map((l: Entity) => l['@iot.id'])).toEqual([id]);
      expect((await send('GET', `Locations('${past}')`, reader)).statusCode).toBe(404);
      expect((await send('GET', `HistoricalLocations('${past}')`, reader)).statusCode).toBe(404);
      expect((await send('GET', `Locations?$filter=${mine}&$count=true`, reader)).json()['@iot.count']).toBe(1);
    }

    // Kept by the catalogue, not written by hand; gone with their Thing.
    expect((await send('POST', 'HistoricalLocations', owner, { time: '2024-01-01T00:00:00Z' })).statusCode).toBe(405);
    expect((await send('DELETE', `Things('${id}')`, owner)).statusCode).toBe(200);
    expect((await send('GET', `HistoricalLocations('${past}')`, admin)).statusCode).toBe(404);
    expect((await send('GET', `Locations('${past}')`, admin)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('writes need a sign-in (401) and edit on the project (403, or 404 where the reader may not see it); a key scoped to another project is refused', async () => {
    const { datastream, sensor } = await station();
    const ds = datastream['@iot.id'];
    const value = { phenomenonTime: '2024-12-01T00:00:00Z', result: 1 };
    expect((await send('POST', `Datastreams('${ds}')/Observations`, null, value)).statusCode).toBe(401);
    expect((await send('PATCH', `Sensors('${sensor['@iot.id']}')`, null, { name: 'x' })).statusCode).toBe(401);
    expect((await send('DELETE', `Datastreams('${ds}')`, null)).statusCode).toBe(401);
    expect((await send('POST', `Datastreams('${ds}')/Observations`, stranger, value)).statusCode).toBe(403);
    expect(
      (
        await send('POST', 'CreateObservations', stranger, [
          { Datastream: { '@iot.id': ds }, components: ['phenomenonTime', 'result'], dataArray: [['2024-12-01T00:00:00Z', 1]] },
        ])
      ).statusCode,
    ).toBe(403);
    expect((await send('PATCH', `Sensors('${sensor['@iot.id']}')`, stranger, { name: 'x' })).statusCode).toBe(403);
    expect((await send('DELETE', `Datastreams('${ds}')`, stranger)).statusCode).toBe(403);
    expect((await send('POST', 'Sensors', stranger, { name: 'Mine', properties: { project: project.slug } })).statusCode).toBe(403);
    // A key of the owner's for another project cannot write here; one for this project can.
    const elsewhere = await buildProject(t.app, owner);
    const other = await buildApiKey(t.app, owner, { permissions: ['edit'], targets: [elsewhere.id] });
    expect((await send('POST', `Datastreams('${ds}')/Observations`, other.secret, value)).statusCode).toBe(403);
    const here = await buildApiKey(t.app, owner, { permissions: ['edit'], targets: [project.id] });
    expect((await send('POST', `Datastreams('${ds}')/Observations`, here.secret, value)).statusCode).toBe(201);
    // Nothing the stranger asked for was written.
    expect((await send('GET', `Datastreams('${ds}')/Observations?$count=true`, owner)).json()['@iot.count']).toBe(1);
  });
});
