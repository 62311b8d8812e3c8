import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApiKey, buildDataTable, buildMetric, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

/**
 * A SensorThings client's whole flow, each request as the standard's own examples write it
 * (OGC 18-088: the deep insert of a Thing with its Location, a Datastream linking existing
 * entities, the Data Array extension's body, a filtered read, an expansion with $top, the
 * next links followed to the end), with an API key limited to the project, as a logger would.
 */

let t: TestApp;
let owner: TestUser;
let key: string;
let project: { id: string; slug: string };
let table: string;
const metric = unique('discharge-');
const COUNT = 10_000;
const START = Date.UTC(2024, 0, 1);

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, { name: metric, title: 'Discharge', unit: 'm3/s' });
  project = await buildProject(t.app, owner);
  table = (await buildDataTable(t.app, owner, project.slug, { title: 'Gauges', metrics: [metric] })).id;
  key = (await buildApiKey(t.app, owner, { permissions: ['edit'], targets: [project.id] })).secret;
});
afterAll(() => t.close());

/** A request as a client sends it: absolute links are followed as they are answered. */
async function request(method: 'GET' | 'POST', url: string, body?: unknown) {
  const path = url.startsWith('http') ? url.slice(url.indexOf('/api/v1') + '/api/v1'.length) : `/sta/v1.1/${url}`;
  const res = await api(t.app, method, path, { token: key, ...(body === undefined ? {} : { body }) });
  expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBe(method === 'POST' ? 201 : 200);
  return res;
}

it('creates a Thing with its Location, a Datastream and 10,000 observations as a data array, then reads them back filtered, expanded and page by page', async () => {
  // Deep insert (req/create-update-delete/deep-insert): the standard's example of a Thing with an inline Location.
  const thing = (
    await request('POST', 'Things', {
      name: 'Oven',
      description: 'This thing is an oven.',
      properties: { project: project.slug, owner: 'Noah Liang' },
      Locations: [
        {
          name: 'CCIT',
          description: 'Calgary Centre for Innovative Technologies',
          encodingType: 'application/geo+json',
          location: { type: 'Point', coordinates: [-114.06, 51.05] },
        },
      ],
    })
  ).json();
  expect((await request('GET', `Things('${thing['@iot.id']}')/Locations`)).json().value[0].location).toEqual({ type: 'Point', coordinates: [-114.06, 51.05] });

  // A Datastream linking existing entities (req/create-update-delete/link-to-existing-entities).
  const sensor = (
    await request('POST', 'Sensors', {
      name: 'Gauge',
      description: 'A pressure gauge',
      encodingType: 'application/pdf',
      metadata: 'https://example.org/gauge.pdf',
      properties: { project: project.slug },
    })
  ).json();
  const datastream = (
    await request('POST', 'Datastreams', {
      name: 'Discharge of the oven’s creek',
      description: 'Every ten minutes',
      unitOfMeasurement: { name: 'cubic metre per second', symbol: 'm3/s', definition: 'http://unitsofmeasure.org/ucum.html#m3/s' },
      observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement',
      Thing: { '@iot.id': thing['@iot.id'] },
      Sensor: { '@iot.id': sensor['@iot.id'] },
      ObservedProperty: { '@iot.id': metric },
      properties: { dataTable: table },
    })
  ).json();
  const ds = datastream['@iot.id'] as string;

  // The Data Array extension (req/data-array/data-array): 10,000 values every ten minutes.
  const dataArray = Array.from({ length: COUNT }, (_, i) => [new Date(START + i * 600_000).toISOString(), (i % 100) / 10]);
  const links: string[] = (
    await request('POST', 'CreateObservations', [
      { Datastream: { '@iot.id': ds }, components: ['phenomenonTime', 'result'], 'dataArray@iot.count': COUNT, dataArray },
    ])
  ).json();
  expect(links).toHaveLength(COUNT);
  expect(new Set(links).size).toBe(COUNT);

  // Filtered by time and by result (req/request-data/filter).
  const day = await request(
    'GET',
    `Datastreams('${ds}')/Observations?$filter=${encodeURIComponent('phenomenonTime ge 2024-01-02T00:00:00Z and phenomenonTime lt 2024-01-03T00:00:00Z')}&$count=true&$top=1000`,
  );
  expect(day.json()['@iot.count']).toBe(144);
  expect(day.json().value).toHaveLength(144);
  const high = await request('GET', `Observations?$filter=${encodeURIComponent(`Datastream/id eq '${ds}' and result ge 9.5`)}&$count=true&$top=1`);
  expect(high.json()['@iot.count']).toBe(COUNT / 20);
  expect(high.json().value[0].result).toBeGreaterThanOrEqual(9.5);

  // Expanded with $top per parent (req/request-data/expand, top).
  const expanded = (
    await request(
      'GET',
      `Things('${thing['@iot.id']}')?$expand=${encodeURIComponent('Datastreams($expand=Observations($top=3;$orderby=phenomenonTime desc))')}`,
    )
  ).json();
  expect(expanded.Datastreams[0].Observations.map((o: { phenomenonTime: string }) => o.phenomenonTime)).toEqual(
    [1, 2, 3].map((n) => new Date(START + (COUNT - n) * 600_000).toISOString()),
  );

  // Every page followed through @iot.nextLink to the end (req/request-data/pagination): each value once, in order.
  let next: string | undefined = `Datastreams('${ds}')/Observations?$orderby=phenomenonTime&$select=phenomenonTime,result&$top=1000`;
  const times: string[] = [];
  let pages = 0;
  while (next) {
    const page = (await request('GET', next)).json() as { value: { phenomenonTime: string }[]; '@iot.nextLink'?: string };
    times.push(...page.value.map((o: { phenomenonTime: string }) => o.phenomenonTime));
    next = page['@iot.nextLink'];
    pages++;
  }
  expect(pages).toBe(COUNT / 1000);
  expect(times).toEqual(dataArray.map(([time]) => new Date(time as string).toISOString()));
});
