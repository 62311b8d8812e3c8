import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_LIMITS, SANDBOX_TOO_BROAD } from '@observatory/shared';
import { rowsOf } from '../../db/client.js';
import { parseCsv } from '../../lib/csv.js';
import { buildDataTable, buildMetric, buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, uniqueIp, type TestApp } from '../../../test/harness.js';
import { createSandboxService, MAX_QUERY_COST, STATEMENT_TIMEOUT_MS, tooBroad } from './service.js';
import * as repo from './repo.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
const temp = unique('temp-');
const label = unique('label-');
const flag = unique('flag-');
let open: { id: string; slug: string };
let closed: { id: string; slug: string };
/** Objects by role: two river sites and a forest site in the open project, a hidden one in the closed project, a plot. */
const names = { river1: unique('river-a-'), river2: unique('river-b-'), forest: unique('forest-'), hidden: unique('hidden-'), plot: unique('plot-') };

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
/** A visitor's call from an address of its own, so the visitors' rate limit of one test never touches another. */
const post = (url: string, body: unknown, who: TestUser | null = null, ip = uniqueIp()) => api(t.app, 'POST', url, { ...as(who), body, ip });
const query = (body: unknown, who: TestUser | null = null) => post('/sandbox/query', body, who);
const namesOf = (res: { json(): { objects: { name: string }[] } }) => res.json().objects.map((o) => o.name);

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, { name: temp, title: 'Water temperature', unit: 'Cel', min: -10, max: 50 });
  await buildMetric(t.app, curator, { name: label, title: 'Label', type: 'text' });
  await buildMetric(t.app, curator, { name: flag, title: 'Algae seen', type: 'boolean' });
  open = await buildProject(t.app, owner);
  closed = await buildProject(t.app, owner, { visibility: 'members' });
  const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
  await buildObject(t.app, owner, { name: names.river1, projects: [open.slug], metadata: { habitat: 'river', elevation: 120 }, geo: point(10.1, 50.1) });
  await buildObject(t.app, owner, { name: names.river2, projects: [open.slug], metadata: { habitat: 'river', elevation: 300 }, geo: point(10.4, 50.4) });
  await buildObject(t.app, owner, { name: names.forest, projects: [open.slug], metadata: { habitat: 'forest', elevation: 120 }, geo: point(20.5, 40.5) });
  await buildObject(t.app, owner, {
    name: names.hidden,
    projects: [closed.slug],
    visibility: 'members',
    metadata: { habitat: 'river', elevation: 120 },
    geo: point(10.2, 50.2),
  });
  await buildObject(t.app, owner, { name: names.plot, types: ['soil-plot'], projects: [open.slug], metadata: { ph: 6.5 } });
  const readings = { title: 'Readings', metrics: [temp, label, flag] };
  const write = async (project: string, tableId: string, observations: unknown[]) => {
    const res = await api(t.app, 'POST', `/projects/${project}/datatables/${tableId}/observations`, { token: owner.token, body: { observations } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const row = (object: string, metric: string, time: string, value: unknown) => ({ object, metric, time, value });
  openTable = (await buildDataTable(t.app, owner, open.slug, readings)).id;
  await write(open.slug, openTable, [
    row(names.river1, temp, '2024-05-01', 10),
    row(names.river1, temp, '2024-06-01', 14),
    row(names.river1, temp, '2024-07-01', 18),
    row(names.river1, label, '2024-05-01', 'clear'),
    row(names.river1, label, '2024-07-01', 'green'),
    row(names.river1, flag, '2024-07-01', true),
    row(names.river2, temp, '2024-05-01', 20),
    row(names.forest, temp, '2024-05-01', 5),
  ]);
  // The hidden object's readings, in the closed project's table: nobody but its members sees them.
  await write(closed.slug, (await buildDataTable(t.app, owner, closed.slug, readings)).id, [
    row(names.hidden, temp, '2024-05-15', 40),
    row(names.hidden, temp, '2024-06-15', 45),
  ]);
});
afterAll(() => t.close());
let openTable: string;

describe('sandbox query', () => {
  it('finds the objects of a type with the metadata asked for, in the box, with their metrics summed up', async () => {
    const res = await query({ types: ['site'], metrics: [temp, label, flag], where: [{ field: 'habitat', value: 'river' }], bbox: [9, 49, 11, 51] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(namesOf(res)).toEqual([names.river1, names.river2]);
    expect(answer).toMatchObject({ total: 2, more: false, page: 1, pages: 1, perPage: SANDBOX_LIMITS.perPage });
    expect(answer.fields).toEqual(['habitat', 'elevation', 'siteCode']);
    expect(answer.metrics.map((m: { name: string }) => m.name)).toEqual([temp, label, flag]);
    const [first, second] = answer.objects;
    expect(first).toMatchObject({ types: ['site'], point: [10.1, 50.1], metadata: { habitat: 'river', elevation: 120 } });
    expect(first.metrics[temp]).toEqual({
      count: 3,
      min: 10,
      max: 18,
      mean: 14,
      first: '2024-05-01T00:00:00.000Z',
      last: { time: '2024-07-01T00:00:00.000Z', value: 18 },
    });
    expect(first.metrics[label]).toEqual({
      count: 2,
      min: null,
      max: null,
      mean: null,
      first: '2024-05-01T00:00:00.000Z',
      last: { time: '2024-07-01T00:00:00.000Z', value: 'green' },
    });
    expect(first.metrics[flag].last.value).toBe(true);
    expect(Object.keys(second.metrics)).toEqual([temp]);
  });

  it('sums up only the observations in the span of time asked for', async () => {
    const res = await query({
      types: ['site'],
      metrics: [temp],
      where: [{ field: 'habitat', value: 'river' }],
      from: '2024-06-01T00:00:00Z',
      to: '2024-07-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [river1, river2] = res.json().objects;
    expect(river1.metrics[temp]).toEqual({
      count: 1,
      min: 14,
      max: 14,
      mean: 14,
      first: '2024-06-01T00:00:00.000Z',
      last: { time: '2024-06-01T00:00:00.000Z', value: 14 },
    });
    // Found still, with no observation in the span.
    expect(river2).toMatchObject({ name: names.river2, metrics: {} });
  });

  it('sums up, charts and exports only the observations of the quality flags and data levels asked for', async () => {
    const review = await api(t.app, 'POST', `/projects/${open.slug}/datatables/${openTable}/review`, {
      ...as(owner),
      body: { object: names.river1, metric: temp, from: '2024-06-01', to: '2024-06-01', flag: 'bad' },
    });
    expect(review.json()).toEqual({ flagged: 1, leveled: 0, released: 0 });
    const river = { types: ['site'], metrics: [temp], where: [{ field: 'habitat', value: 'river' }] };
    const river1 = async (body: object) => (await query({ ...river, ...body })).json().objects[0].metrics[temp];
    expect(await river1({ flags: ['good', 'not checked'] })).toMatchObject({ count: 2, min: 10, max: 18 });
    expect(await river1({ flags: ['bad'] })).toMatchObject({ count: 1, min: 14 });
    expect(await river1({ levels: ['released'] })).toBeUndefined();
    expect(await river1({ levels: ['raw'], flags: ['bad', 'suspect'] })).toMatchObject({ count: 1 });
    const chart = await post('/sandbox/chart', { ...river, metric: temp, flags: ['bad'] });
    expect(chart.json()).toMatchObject({ observations: 1 });
    const [header, ...rows] = parseCsv((await post('/sandbox/export?format=csv', { ...river, flags: ['not checked'] })).body);
    const first = rows.find((r) => r[0] === names.river1)!;
    expect([`${temp} count`, `${temp} min`, `${temp} max`].map((c) => first[header!.indexOf(c)])).toEqual(['2', '10', '18']);
    const bad = await query({ ...river, flags: ['doubtful'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.flags.0');
  });

  it('reads a number typed as text as the field’s schema types it, and combines types, projects and filters', async () => {
    const byElevation = await query({ types: ['site'], where: [{ field: 'elevation', value: '120' }] });
    expect(byElevation.statusCode, byElevation.body).toBe(200);
    expect(namesOf(byElevation).sort()).toEqual([names.river1, names.forest].sort());
    const both = await query({ types: ['site', 'soil-plot'], projects: [open.id] });
    expect(namesOf(both).sort()).toEqual([names.river1, names.river2, names.forest, names.plot].sort());
    const plots = await query({ types: ['soil-plot'], where: [{ field: 'ph', value: 6.5 }] });
    expect(namesOf(plots)).toEqual([names.plot]);
    expect(plots.json().objects[0].point).toBeNull();
  });

  it('pages by title within its bounds', async () => {
    const body = { types: ['site'], projects: [open.slug] };
    const first = await query({ ...body, n: 2 });
    expect(first.json()).toMatchObject({ total: 3, pages: 2, perPage: 2 });
    const second = await query({ ...body, n: 2, p: 2 });
    expect(namesOf(second)).toHaveLength(1);
    expect([...namesOf(first), ...namesOf(second)].sort()).toEqual([names.river1, names.river2, names.forest].sort());
    const tooMany = await query({ ...body, n: SANDBOX_LIMITS.maxPerPage + 1 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0].field).toBe('body.n');
    const tooDeep = await query({ ...body, n: 100, p: SANDBOX_LIMITS.deepest / 100 + 1 });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().details[0].field).toBe('body.p');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [unknown, string, RegExp?][] = [
      [{ types: Array.from({ length: SANDBOX_LIMITS.types + 1 }, (_, i) => `type-${i}`) }, 'body.types'],
      [{ metrics: Array.from({ length: SANDBOX_LIMITS.metrics + 1 }, (_, i) => `metric-${i}`) }, 'body.metrics'],
      [{ types: ['no-such-type'] }, 'body.types', /Unknown object type: no-such-type/],
      [{ metrics: ['no-such-metric'] }, 'body.metrics', /Unknown metric: no-such-metric/],
      [{ projects: ['no-such-project'] }, 'body.projects', /Unknown project/],
      [{ bbox: [-181, 0, 10, 10] }, 'body.bbox.0'],
      [{ bbox: [0, 0, 10, 91] }, 'body.bbox.3'],
      [{ bbox: [0, 10, 10, 0] }, 'body.bbox', /south edge/],
      [{ bbox: [10, 0, 0, 10] }, 'body.bbox', /west edge/],
      [{ bbox: [0, 0, 10] }, 'body.bbox'],
      [{ types: ['site'], where: [{ field: 'ph', value: 6 }] }, 'body.where.0.field', /ph is not a field of Site/],
      [{ where: [{ field: 'habitat', value: 'river' }] }, 'body.where.0.field', /Choose an object type first/],
      [{ types: ['site'], where: [{ field: 'elevation', value: 'high' }] }, 'body.where.0.value', /elevation takes number/],
      [{ types: ['site'], where: Array.from({ length: SANDBOX_LIMITS.filters + 1 }, () => ({ field: 'habitat', value: 'river' })) }, 'body.where'],
      [{ types: ['site'], where: [{ field: 'a b', value: 'x' }] }, 'body.where.0.field'],
      [{ n: 0 }, 'body.n'],
      [{ from: 'last week' }, 'body.from'],
      [{ from: '2024-06-01T00:00:00Z', to: '2024-06-01T00:00:00Z' }, 'body.to', /not after its start/],
    ];
    for (const [body, field, message] of cases) {
      const res = await query(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
      if (message) expect(res.json().details.find((d: { field: string }) => d.field === field).message).toMatch(message);
    }
  });

  it('shows only what the reader may see: a members-only object and a hidden project’s data stay out', async () => {
    const body = { types: ['site'], metrics: [temp], where: [{ field: 'habitat', value: 'river' }] };
    for (const who of [null, stranger]) {
      expect(namesOf(await query(body, who))).not.toContain(names.hidden);
      // A project the reader may not see is as one that does not exist.
      const hiddenProject = await query({ projects: [closed.slug] }, who);
      expect(hiddenProject.statusCode).toBe(400);
      expect(hiddenProject.json().details).toEqual([{ field: 'body.projects', message: `Unknown project: ${closed.slug}` }]);
    }
    const mine = await query(body, owner);
    expect(namesOf(mine)).toContain(names.hidden);
    expect(mine.json().objects.find((o: { name: string }) => o.name === names.hidden).metrics[temp]).toMatchObject({ count: 2, max: 45 });
    expect(namesOf(await query({ projects: [closed.slug] }, owner))).toEqual([names.hidden]);
  });
});

describe('sandbox chart', () => {
  it('buckets a metric over time across the objects found', async () => {
    const res = await post('/sandbox/chart', { types: ['site'], where: [{ field: 'habitat', value: 'river' }], metric: temp, buckets: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json();
    expect(chart).toMatchObject({ metric: { name: temp, unit: 'Cel', type: 'number' }, from: '2024-05-01T00:00:00.000Z', objects: 2, observations: 4 });
    expect(chart.buckets).toHaveLength(3);
    expect(chart.buckets[0]).toEqual({ time: '2024-05-01T00:00:00.000Z', n: 2, mean: 15, min: 10, max: 20 });
    expect(chart.buckets.map((b: { n: number }) => b.n)).toEqual([2, 1, 1]);
  });

  it('charts a range asked for, and nothing when nothing matches', async () => {
    const ranged = await post('/sandbox/chart', { types: ['site'], metric: temp, from: '2024-06-01T00:00:00Z', to: '2024-08-01T00:00:00Z', buckets: 2 });
    expect(ranged.json()).toMatchObject({ from: '2024-06-01T00:00:00.000Z', to: '2024-08-01T00:00:00.000Z', observations: 2, objects: 1 });
    const none = await post('/sandbox/chart', { types: ['vegetation-plot'], metric: temp });
    expect(none.json()).toMatchObject({ from: null, to: null, objects: 0, observations: 0, buckets: [] });
  });

  it('leaves out what the reader may not see', async () => {
    const body = { types: ['site'], metric: temp };
    expect((await post('/sandbox/chart', body, stranger)).json()).toMatchObject({ objects: 3, observations: 5 });
    expect((await post('/sandbox/chart', body, owner)).json()).toMatchObject({ objects: 4, observations: 7 });
  });

  it('refuses a metric it cannot chart, an unknown one and a bad range', async () => {
    const cases: [unknown, string][] = [
      [{ metric: label }, 'body.metric'],
      [{ metric: 'no-such-metric' }, 'body.metric'],
      [{}, 'body.metric'],
      [{ metric: temp, buckets: SANDBOX_LIMITS.maxBuckets + 1 }, 'body.buckets'],
      [{ metric: temp, from: '2024-06-01T00:00:00Z', to: '2024-05-01T00:00:00Z' }, 'body.to'],
      [{ metric: temp, from: 'yesterday' }, 'body.from'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/sandbox/chart', { types: ['site'], ...(body as object) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});

describe('sandbox export', () => {
  const body = { types: ['site'], metrics: [temp, label], where: [{ field: 'habitat', value: 'river' }] };

  it('streams CSV: a header row, then a row per object with its metadata and metrics', async () => {
    const res = await post('/sandbox/export?format=csv', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sandbox.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'name',
      'title',
      'types',
      'longitude',
      'latitude',
      'geometry',
      'elevation',
      'habitat',
      'siteCode',
      ...[temp, label].flatMap((m) => ['count', 'min', 'max', 'mean', 'first', 'last time', 'last value'].map((c) => `${m} ${c}`)),
    ]);
    const byName = new Map(rows.map((r) => [r[0], r]));
    expect([...byName.keys()].sort()).toEqual([names.river1, names.river2].sort());
    expect(byName.get(names.river1)).toEqual([
      names.river1,
      names.river1,
      'site',
      '10.1',
      '50.1',
      '{"type":"Point","coordinates":[10.1,50.1]}',
      '120',
      'river',
      '',
      '3',
      '10',
      '18',
      '14',
      '2024-05-01T00:00:00.000Z',
      '2024-07-01T00:00:00.000Z',
      '18',
      '2',
      '',
      '',
      '',
      '2024-05-01T00:00:00.000Z',
      '2024-07-01T00:00:00.000Z',
      'green',
    ]);
  });

  it('streams GeoJSON: a Feature per object with its geometry and properties', async () => {
    const res = await post('/sandbox/export?format=geojson', { ...body, metrics: [temp] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json');
    const collection = JSON.parse(res.body);
    expect(collection.type).toBe('FeatureCollection');
    const feature = collection.features.find((f: { properties: { name: string } }) => f.properties.name === names.river1);
    expect(feature).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [10.1, 50.1] },
      properties: { types: ['site'], habitat: 'river', elevation: 120 },
    });
    // Flat: each metadata field and each metric summary a property of its own, numbers as numbers.
    expect(feature.properties).not.toHaveProperty('metadata');
    expect(feature.properties).not.toHaveProperty('metrics');
    expect(feature.properties).toMatchObject({ [`${temp}_count`]: 3, [`${temp}_mean`]: 14, [`${temp}_min`]: 10, [`${temp}_max`]: 18 });
    expect(Object.keys(feature.properties).slice(-7)).toEqual(['count', 'min', 'max', 'mean', 'first', 'last_time', 'last_value'].map((s) => `${temp}_${s}`));
    expect(collection.features).toHaveLength(2);
  });

  it('holds only what the reader may see, and reads in chunks past the first', async () => {
    const visitor = await post('/sandbox/export?format=csv', { types: ['site'] });
    expect(parseCsv(visitor.body).map((r) => r[0])).not.toContain(names.hidden);
    const mine = await post('/sandbox/export?format=csv', { types: ['site'] }, owner);
    expect(parseCsv(mine.body).map((r) => r[0])).toContain(names.hidden);
    // More objects than a chunk: every one comes, once.
    const many = 1200;
    await t.database.use((d) =>
      d.execute(
        sql`insert into objects (name, title, metadata) select ${names.plot} || '-many-' || g, 'Many ' || g, '{"ph": 9}'::jsonb from generate_series(1, ${many}) g`,
      ),
    );
    await t.database.use((d) =>
      d.execute(
        sql`insert into object_type_links (object_id, type_id) select o.id, t.id from objects o, object_types t where o.name like ${`${names.plot}-many-%`} and t.slug = 'soil-plot'`,
      ),
    );
    const all = await post('/sandbox/export?format=csv', { types: ['soil-plot'], where: [{ field: 'ph', value: 9 }] });
    const found = parseCsv(all.body)
      .slice(1)
      .map((r) => r[0]);
    expect(found).toHaveLength(many);
    expect(new Set(found).size).toBe(many);
    const counted = await query({ types: ['soil-plot'], where: [{ field: 'ph', value: 9 }], n: 100, p: 12 });
    expect(counted.json()).toMatchObject({ total: many, more: false, pages: 12 });
    expect(namesOf(counted)).toHaveLength(100);
  });

  it('sums up the span of time asked for, and neutralises cells a spreadsheet would run as formulas', async () => {
    const { name: formula } = await buildObject(t.app, owner, {
      title: '=HYPERLINK("https://evil.example")',
      types: ['vegetation-plot'],
      projects: [open.slug],
    });
    const plots = parseCsv((await post('/sandbox/export?format=csv', { types: ['vegetation-plot'] })).body);
    expect(plots.find((r) => r[0] === formula)?.[1]).toBe(`'=HYPERLINK("https://evil.example")`);
    const spanned = parseCsv((await post('/sandbox/export?format=csv', { ...body, metrics: [temp], from: '2024-06-15T00:00:00Z' })).body);
    expect(spanned.find((r) => r[0] === names.river1)!.slice(9, 12)).toEqual(['1', '18', '18']);
  });

  it('leaves out of GeoJSON what the reader may not see', async () => {
    const ids = async (who: TestUser | null) =>
      JSON.parse((await post('/sandbox/export?format=geojson', { types: ['site'], metrics: [temp] }, who)).body).features.map(
        (f: { properties: { name: string } }) => f.properties.name,
      ) as string[];
    expect(await ids(null)).not.toContain(names.hidden);
    expect(await ids(stranger)).not.toContain(names.hidden);
    expect(await ids(owner)).toContain(names.hidden);
  });

  it('refuses an unknown format and bad input before anything streams', async () => {
    const format = await post('/sandbox/export?format=xls', body);
    expect(format.statusCode).toBe(400);
    expect(format.json().details[0].field).toBe('querystring.format');
    const metric = await post('/sandbox/export?format=csv', { metrics: ['no-such-metric'] });
    expect(metric.statusCode).toBe(400);
    expect(metric.json().details[0].field).toBe('body.metrics');
  });
});

describe('sandbox bounds', () => {
  it('refuses a statement the planner expects to cost more than the cap, before running it', async () => {
    const strict = createSandboxService({ db: t.database, schema: t.app.services.schema, limiter: t.app.services.limiter, maxCost: 1 });
    const input = { types: ['site'], projects: [], metrics: [temp], where: [], flags: [], levels: [], bbox: undefined, p: 1, n: 50 };
    await expect(strict.runQuery(null, uniqueIp(), input)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: SANDBOX_TOO_BROAD });
    await expect(strict.getChart(null, uniqueIp(), { ...input, metric: temp, buckets: 10 })).rejects.toMatchObject({ message: SANDBOX_TOO_BROAD });
    await expect(strict.exportObjects(null, uniqueIp(), input, 'csv')).rejects.toMatchObject({ message: SANDBOX_TOO_BROAD });
    expect(tooBroad().status).toBe(400);
  });

  it('refuses a chart that would read more observations than its bound, whatever the planner guessed; finds them either way', async () => {
    const services = t.app.services;
    const bound = (maxChartObservations: number) =>
      createSandboxService({ db: t.database, schema: services.schema, limiter: services.limiter, maxChartObservations });
    const input = { types: ['site'], projects: [], metrics: [], where: [], flags: [], levels: [], bbox: undefined, metric: temp, buckets: 10 };
    // The readings the reader may see: five.
    await expect(bound(4).getChart(null, uniqueIp(), input)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^This chart would read more than 4 observations: choose a shorter span of time/),
    });
    await expect(bound(5).getChart(null, uniqueIp(), input)).resolves.toMatchObject({ observations: 5 });
    // Objects read one by one, or (more of them than that) the metric's observations: the same chart either way.
    const river = { ...input, where: [{ field: 'habitat', value: 'river' }] };
    for (const maxChartObjects of [1, 2, 100]) {
      const service = createSandboxService({ db: t.database, schema: services.schema, limiter: services.limiter, maxChartObjects });
      await expect(service.getChart(null, uniqueIp(), input)).resolves.toMatchObject({ objects: 3, observations: 5 });
      await expect(service.getChart(null, uniqueIp(), river)).resolves.toMatchObject({ objects: 2, observations: 4 });
    }
    const byMetric = createSandboxService({ db: t.database, schema: services.schema, limiter: services.limiter, maxChartObjects: 1, maxChartObservations: 4 });
    await expect(byMetric.getChart(null, uniqueIp(), input)).rejects.toMatchObject({ message: expect.stringMatching(/more than 4 observations/) });
    // A shorter span reads fewer: then it is drawn.
    await expect(bound(4).getChart(null, uniqueIp(), { ...input, from: '2024-06-01T00:00:00Z' })).resolves.toMatchObject({ observations: 2 });
  });

  it('leaves a page’s summaries out past the observations it may sum up, saying so; an export still sums up every object', async () => {
    const services = t.app.services;
    const capped = (maxSummedObservations: number) =>
      createSandboxService({ db: t.database, schema: services.schema, limiter: services.limiter, maxSummedObservations });
    const input = { types: ['site'], projects: [], metrics: [temp], where: [], flags: [], levels: [], bbox: undefined, p: 1, n: 50 };
    const counts = (answer: { objects: { name: string; metrics: Record<string, { count: number }> }[] }) =>
      Object.fromEntries(answer.objects.map((o) => [o.name, o.metrics[temp]?.count ?? null]));
    // The temperatures a visitor may see: three of the first river site, one of each other site.
    const summed = { [names.river1]: 3, [names.river2]: 1, [names.forest]: 1 };
    const whole = await capped(5).runQuery(null, uniqueIp(), input);
    expect([whole.summariesLeftOut, counts(whole)]).toEqual([false, summed]);
    const over = await capped(4).runQuery(null, uniqueIp(), input);
    expect([over.summariesLeftOut, counts(over)]).toEqual([true, { [names.river1]: null, [names.river2]: null, [names.forest]: null }]);
    // A shorter span holds fewer: then they are summed up.
    const june = await capped(4).runQuery(null, uniqueIp(), { ...input, from: '2024-06-01T00:00:00Z' });
    expect([june.summariesLeftOut, counts(june)]).toEqual([false, { [names.river1]: 2, [names.river2]: null, [names.forest]: null }]);

    // An export reads a chunk over the cap again in smaller ones, down to one object: all summed up.
    const exported = async (maxSummed: number) => {
      const { body } = await capped(maxSummed).exportObjects(null, uniqueIp(), input, 'csv');
      let text = '';
      for await (const chunk of body) text += String(chunk);
      return text;
    };
    const [header, ...rows] = parseCsv(await exported(2));
    const count = header!.indexOf(`${temp} count`);
    expect(Object.fromEntries(rows.map((r) => [r[0], Number(r[count])]))).toEqual(summed);
    expect(await exported(2)).toBe(await exported(1000));
  });

  it('lets the usual queries through: their estimates are far below MAX_QUERY_COST', async () => {
    const plan = await t.database.use(async (d) => {
      const filter: repo.Filter = { visible: undefined, typeIds: [], projectIds: [], where: [], bbox: undefined };
      const [metric] = await repo.metricsByName(d, [temp]);
      const sources = { metricIds: [metric!.id], tableIds: await repo.sourceTables(d, [metric!.id], undefined), from: null, to: null, flags: [], levels: [] };
      return {
        page: await repo.plannedCost(d, repo.rowsStatement(filter, sources, { page: { limit: 100, offset: 0 } }, false)),
        // What a chart is held to: finding its objects (its reading stops at CHART_MAX_OBSERVATIONS).
        chart: await repo.plannedCost(d, repo.countStatement(filter, SANDBOX_LIMITS.counted)),
      };
    });
    expect(plan.page).toBeGreaterThan(0);
    expect(plan.page).toBeLessThan(MAX_QUERY_COST);
    expect(plan.chart).toBeGreaterThan(0);
    expect(plan.chart).toBeLessThan(MAX_QUERY_COST);
  });

  it('answers a visitor’s queries past the minute’s allowance with 429 and Retry-After; signed-in callers are not counted', async () => {
    const ip = uniqueIp();
    const body = { types: ['vegetation-plot'] };
    for (let i = 0; i < SANDBOX_LIMITS.visitorQueriesPerMinute; i++) expect((await post('/sandbox/query', body, null, ip)).statusCode).toBe(200);
    const refused = await post('/sandbox/query', body, null, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/sandbox/export?format=csv', body, null, ip)).statusCode).toBe(429);
    expect((await post('/sandbox/query', body, stranger, ip)).statusCode).toBe(200);
    expect((await post('/sandbox/query', body, null, uniqueIp())).statusCode).toBe(200);
  });

  it('sets a statement timeout on a server; the embedded engine ignores one (measured)', async () => {
    const slept = await t.database
      .transaction(async (tx) => {
        await repo.limitTime(tx, 50);
        const started = performance.now();
        try {
          await tx.execute(sql`select pg_sleep(0.3)`);
          return { cancelled: false, ms: performance.now() - started };
        } catch (err) {
          if (!repo.isCancelled(err)) throw err;
          return { cancelled: true, ms: performance.now() - started };
        }
      })
      .catch((err) => {
        // On a server the cancelled statement ends the transaction: its rollback is the failure seen here.
        if (repo.isCancelled(err)) return { cancelled: true, ms: 0 };
        throw err;
      });
    if (t.database.kind === 'embedded') {
      // PGlite keeps the setting but has no timer to cancel with: the sleep runs its full 300 ms.
      expect(slept).toMatchObject({ cancelled: false });
      expect(slept.ms).toBeGreaterThanOrEqual(290);
      const shown = await t.database.transaction(async (tx) => {
        await repo.limitTime(tx, STATEMENT_TIMEOUT_MS);
        return rowsOf<{ statement_timeout: string }>(await tx.execute(sql`show statement_timeout`))[0]!.statement_timeout;
      });
      expect(shown).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
    } else {
      expect(slept.cancelled).toBe(true);
    }
  });
});
