import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { buildDataTable, buildMetric, buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let project: { id: string; slug: string };
let shown: string;
let hidden: string;
const ph = unique('ph-');
const trees = unique('trees-');
const cover = unique('cover-');

beforeAll(async () => {
  // Small turns, so that a batch of thousands is written in several on the embedded database.
  t = await startTestApp({ writeChunkRows: 1_000 });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, { name: ph, title: 'pH', unit: '[pH]', min: 0, max: 14 });
  await buildMetric(t.app, curator, { name: trees, title: 'Trees', type: 'integer', min: 0 });
  await buildMetric(t.app, curator, { name: cover, title: 'Cover', type: 'category', allowed: ['forest', 'heath'] });
  project = await buildProject(t.app, owner);
  const closed = await buildProject(t.app, owner, { visibility: 'members' });
  // Named so that, both titled Lake, the hidden one comes first in lists by title and name.
  shown = (await buildObject(t.app, owner, { name: unique('lake-b-'), title: 'Lake', projects: [project.slug] })).name;
  hidden = (await buildObject(t.app, owner, { name: unique('lake-a-'), title: 'Lake', projects: [closed.slug], visibility: 'members' })).name;
});
afterAll(() => t.close());

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const tablesUrl = () => `/projects/${project.slug}/datatables`;
/** A table of the project holding the three metrics, as the tests of its observations need. */
const newTable = () =>
  buildDataTable(t.app, owner, project.slug, { title: unique('Water chemistry'), description: 'Monthly samples', metrics: [ph, trees, cover] });
/** What a new observation of a table without rules carries. */
const unchecked = { flag: 'not checked', flagRule: null, level: 'raw' } as const;
const row = (object: string, metric: string, time: string, value: unknown, note?: string) => ({ object, metric, time, value, ...(note ? { note } : {}) });

describe('data tables', () => {
  it('are created with metrics in order, listed, read, changed and deleted (edit on the project)', async () => {
    const created = await api(t.app, 'POST', tablesUrl(), {
      ...as(owner),
      body: { title: unique('Water chemistry'), description: 'Monthly samples', metrics: [cover, ph] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const table = created.json().datatable;
    expect(table).toMatchObject({ description: 'Monthly samples', metrics: [cover, ph] });
    expect((await api(t.app, 'GET', tablesUrl())).json().datatables).toContainEqual(table);
    expect((await api(t.app, 'GET', `${tablesUrl()}/${table.id}`)).json()).toEqual({ datatable: table });
    expect((await api(t.app, 'GET', `/projects/${project.slug}`)).json().datatables).toContainEqual(table);
    const changed = await api(t.app, 'PUT', `${tablesUrl()}/${table.id}`, { ...as(owner), body: { title: 'Water', metrics: [ph, trees] } });
    expect(changed.json().datatable).toEqual({ id: table.id, title: 'Water', description: '', metrics: [ph, trees], level: 'raw', version: 2 });
    expect((await api(t.app, 'DELETE', `${tablesUrl()}/${table.id}`, as(owner))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `${tablesUrl()}/${table.id}`)).statusCode).toBe(404);
  });

  it('refuse an unknown metric, and keep a metric that has observations', async () => {
    const unknown = await api(t.app, 'POST', tablesUrl(), { ...as(owner), body: { title: 'X', metrics: ['no-such-metric'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'body.metrics', message: 'Unknown metric: no-such-metric' }]);
    const table = await newTable();
    await api(t.app, 'POST', `${tablesUrl()}/${table.id}/observations`, { ...as(owner), body: { observations: [row(shown, ph, '2024-05-01', 7)] } });
    const dropped = await api(t.app, 'PUT', `${tablesUrl()}/${table.id}`, { ...as(owner), body: { title: table.title, metrics: [trees] } });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().details[0]).toEqual({
      field: 'body.metrics',
      message: `The table holds observations of ${ph}: delete them before taking the metric off`,
    });
    // Nor is a metric a table holds deleted.
    const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
    const held = await api(t.app, 'DELETE', `/data/metrics/${trees}`, as(curator));
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toMatch(new RegExp(`data tables? holds? this metric: .*${table.title} \\(`));
  });

  it('are named in Site Admin’s recent changes to those who may see their project, linked by it', async () => {
    const closed = await buildProject(t.app, owner, { visibility: 'members' });
    const open = await newTable();
    const shut = await buildDataTable(t.app, owner, closed.slug, { title: 'Secret series' });
    const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
    const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
    type Entry = { action: string; targetId: string; target: { state: string; name: string | null; key: string | null } };
    const entries = async (who: TestUser) => (await api(t.app, 'GET', '/admin/summary', as(who))).json().audit as Entry[];
    const of = (list: Entry[], id: string) => list.find((a) => a.action === 'datatable.create' && a.targetId === id)?.target;
    expect(of(await entries(admin), shut.id)).toEqual({ state: 'shown', name: 'Secret series', key: closed.slug });
    expect(of(await entries(curator), shut.id)).toEqual({ state: 'hidden', name: null, key: null });
    expect(of(await entries(curator), open.id)).toEqual({ state: 'shown', name: open.title, key: project.slug });
  });

  it('need sign-in, then edit on the project, to change', async () => {
    const table = await newTable();
    const body = { title: 'Mine' };
    expect((await api(t.app, 'POST', tablesUrl(), { body })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', tablesUrl(), { ...as(stranger), body })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `${tablesUrl()}/${table.id}`, { ...as(stranger), body })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `${tablesUrl()}/${table.id}`, as(stranger))).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `${tablesUrl()}/${table.id}`, as(stranger))).json().datatable.title).toBe(table.title);
  });
});

describe('observations', () => {
  it('are written in bulk, a key written again replacing its value and note, and read by filter and page', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const first = await api(t.app, 'POST', url, {
      ...as(owner),
      body: {
        observations: [
          row(shown, ph, '2024-05-01', 7.1),
          row(shown, ph, '2024-06-01T10:00:00+02:00', 7.4),
          row(shown, trees, '2024-05-01', 12),
          row(shown, cover, '2024-05-01', 'heath'),
        ],
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ written: 4, replaced: 0 });
    const again = await api(t.app, 'POST', url, { ...as(owner), body: { observations: [row(shown, ph, '2024-05-01T00:00:00Z', 6.9, 'Recalibrated probe')] } });
    expect(again.json()).toEqual({ written: 1, replaced: 1 });
    // The replaced value is kept in the audit log.
    const audited = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'observations.write'), eq(auditLog.targetId, table.id))),
    );
    expect(audited).toHaveLength(2);
    expect(audited.map((a) => a.after)).toEqual(expect.arrayContaining([{ written: 1, replaced: 1 }]));
    expect(audited.find((a) => (a.after as { replaced: number }).replaced === 1)!.before).toEqual({
      replaced: [expect.objectContaining({ number: 7.1, note: '' })],
    });

    const all = await api(t.app, 'GET', url);
    expect(all.headers['pagination-count']).toBe('4');
    expect(all.json().observations).toEqual([
      { object: { name: shown, title: 'Lake' }, metric: cover, time: '2024-05-01T00:00:00.000Z', value: 'heath', note: '', ...unchecked },
      { object: { name: shown, title: 'Lake' }, metric: ph, time: '2024-05-01T00:00:00.000Z', value: 6.9, note: 'Recalibrated probe', ...unchecked },
      { object: { name: shown, title: 'Lake' }, metric: trees, time: '2024-05-01T00:00:00.000Z', value: 12, note: '', ...unchecked },
      { object: { name: shown, title: 'Lake' }, metric: ph, time: '2024-06-01T08:00:00.000Z', value: 7.4, note: '', ...unchecked },
    ]);
    const filtered = (await api(t.app, 'GET', `${url}?metric=${ph}&from=2024-05-15&to=2024-07-01`)).json().observations;
    expect(filtered.map((o: { value: number }) => o.value)).toEqual([7.4]);
    const paged = await api(t.app, 'GET', `${url}?limit=3&p=2`);
    expect(paged.json().observations).toHaveLength(1);
    expect(paged.headers['pagination-page']).toBe('2');
  });

  it('refuse a whole batch for one bad row, naming the row and the column; nothing is written', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const send = (observations: unknown[]) => api(t.app, 'POST', url, { ...as(owner), body: { observations } });
    const good = row(shown, ph, '2024-05-01', 7);
    const cases: [unknown, string, RegExp][] = [
      [row(shown, ph, '2024-05-02', 15), 'value', /^Row 2: 15 is above the maximum of .*, 14 \[pH\]$/],
      [row(shown, trees, '2024-05-02', 2.5), 'value', /whole number/],
      [row(shown, ph, '2024-05-02', 'acid'), 'value', /takes a number/],
      [row(shown, cover, '2024-05-02', 'bog'), 'value', /one of forest, heath/],
      [row(shown, 'no-such-metric', '2024-05-02', 1), 'metric', /is not a metric of this table/],
      [row(shown, ph, 'last Tuesday', 7), 'time', /"last Tuesday" is not a date or a time/],
      [row('no-such-object', ph, '2024-05-02', 7), 'object', /no object no-such-object/],
      [row(shown, ph, '2024-05-01T00:00:00Z', 7.2), 'time', /^Row 2: repeats row 1/],
    ];
    for (const [bad, column, message] of cases) {
      const res = await send([good, bad]);
      expect(res.statusCode, column).toBe(400);
      expect(res.json().details[0]).toEqual({ field: `body.observations.1.${column}`, message: expect.stringMatching(message) });
    }
    expect((await api(t.app, 'GET', url)).headers['pagination-count']).toBe('0');
  });

  it('need sign-in, then edit on the project, to write', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const body = { observations: [row(shown, ph, '2024-05-01', 7)] };
    expect((await api(t.app, 'POST', url, { body })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', url, { ...as(stranger), body })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', url)).headers['pagination-count']).toBe('0');
  });

  it('of an object hidden from the reader stay hidden inside a public table, counts included', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const written = await api(t.app, 'POST', url, {
      ...as(owner),
      body: { observations: [row(shown, ph, '2024-05-01', 7), row(hidden, ph, '2024-05-01', 5)] },
    });
    expect(written.json()).toEqual({ written: 2, replaced: 0 });
    for (const reader of [null, stranger]) {
      const res = await api(t.app, 'GET', url, as(reader));
      expect(res.headers['pagination-count']).toBe('1');
      expect(res.json().observations.map((o: { object: { name: string } }) => o.object.name)).toEqual([shown]);
      expect((await api(t.app, 'GET', `${url}?object=${hidden}`, as(reader))).json().observations).toEqual([]);
    }
    expect((await api(t.app, 'GET', url, as(owner))).headers['pagination-count']).toBe('2');
    // Nor may a writer who cannot see it write to it.
    const member = await buildUser(t.app, { roles: [{ slug: 'editor', target: { id: project.id, type: 'project' } }] });
    const refused = await api(t.app, 'POST', url, { ...as(member), body: { observations: [row(hidden, ph, '2024-06-01', 5)] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toEqual({ field: 'body.observations.0.object', message: `Row 1: no object ${hidden}` });
  });

  it('download as CSV, every row the filter finds, streamed in batches, hidden objects left out', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    // More rows than one batch of the export: 2 objects × 3,100 days.
    const days = Array.from({ length: 3100 }, (_, i) => new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const rows = days.flatMap((day, i) => [row(shown, ph, day, 6 + (i % 20) / 10), row(hidden, ph, day, 5)]);
    const written = await api(t.app, 'POST', url, {
      ...as(owner),
      body: { observations: [...rows, row(shown, cover, days[0]!, 'heath', 'says "heath", mostly')] },
    });
    expect(written.json()).toEqual({ written: 6201, replaced: 0 });

    const owned = await api(t.app, 'GET', `${url}.csv`, as(owner));
    expect(owned.statusCode).toBe(200);
    expect(owned.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(owned.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${project.slug}-water-chemistry[^"]+\\.csv"$`));
    const lines = owned.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 6201);
    expect(lines[0]).toBe('object,title,metric,unit,time,value,note,flag,flag_rule,level');
    expect(lines).toContain(`${shown},Lake,${cover},,2010-01-01T00:00:00.000Z,heath,"says ""heath"", mostly",not checked,,raw`);
    expect(lines).toContain(`${shown},Lake,${ph},[pH],2010-01-02T00:00:00.000Z,6.1,,not checked,,raw`);
    const times = lines.slice(1).map((l) => l.split(',')[4]!);
    expect(times).toEqual([...times].sort());

    const seen = (await api(t.app, 'GET', `${url}.csv?metric=${ph}&from=2010-01-01&to=2010-01-11`)).body.trimEnd().split('\r\n');
    expect(seen).toHaveLength(1 + 10);
    expect(seen.slice(1).every((l) => l.startsWith(`${shown},`))).toBe(true);
  });
});

describe('reading a table', () => {
  let table: { id: string };
  let url: string;
  let placed: string;
  const days = Array.from({ length: 3100 }, (_, i) => new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
  beforeAll(async () => {
    table = await newTable();
    url = `${tablesUrl()}/${table.id}`;
    placed = (await buildObject(t.app, owner, { title: 'A buoy', projects: [project.slug], geo: { type: 'Point', coordinates: [19.9, 50.05] } })).name;
    // A long series (3,100 days, a peak of 14 on one day, a trough of 0 on another), a short one, and a hidden object's.
    const long = days.map((day, i) => row(placed, ph, day, i === 1234 ? 14 : i === 2345 ? 0 : 6 + (i % 20) / 10));
    const short = [row(shown, ph, '2024-05-01', 7), row(shown, ph, '2024-05-02', 8), row(shown, cover, '2024-05-01', 'heath')];
    const written = await api(t.app, 'POST', `${url}/observations`, {
      ...as(owner),
      body: { observations: [...long, ...short, row(hidden, ph, '2024-05-01', 3)] },
    });
    expect(written.statusCode, written.body).toBe(200);
  });

  it('pages in the order asked for: by value, object or metric, either way; an unknown order is refused', async () => {
    const values = async (query: string) =>
      (await api(t.app, 'GET', `${url}/observations?${query}`)).json().observations.map((o: { value: unknown }) => o.value);
    expect(await values(`metric=${ph}&sort=-value&limit=3`)).toEqual([14, 8, 7.9]);
    expect(await values(`metric=${ph}&sort=value&limit=2`)).toEqual([0, 6]);
    const titles = (await api(t.app, 'GET', `${url}/observations?sort=-object&limit=1`))
      .json()
      .observations.map((o: { object: { title: string } }) => o.object.title);
    expect(titles).toEqual(['Lake']);
    const bad = await api(t.app, 'GET', `${url}/observations?sort=colour`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('querystring.sort');
  });

  it('sums up each object’s metrics and lists the table’s objects with a point each, hidden objects left out', async () => {
    const res = await api(t.app, 'GET', `${url}/summary`);
    expect(res.statusCode).toBe(200);
    const { summary, objects } = res.json();
    expect(summary).toEqual([
      {
        object: { name: placed, title: 'A buoy' },
        metric: ph,
        count: 3100,
        min: 0,
        max: 14,
        mean: expect.closeTo(6.95, 1),
        first: '2010-01-01T00:00:00.000Z',
        last: `${days.at(-1)}T00:00:00.000Z`,
      },
      {
        object: { name: shown, title: 'Lake' },
        metric: cover,
        count: 1,
        min: null,
        max: null,
        mean: null,
        first: '2024-05-01T00:00:00.000Z',
        last: '2024-05-01T00:00:00.000Z',
      },
      {
        object: { name: shown, title: 'Lake' },
        metric: ph,
        count: 2,
        min: 7,
        max: 8,
        mean: 7.5,
        first: '2024-05-01T00:00:00.000Z',
        last: '2024-05-02T00:00:00.000Z',
      },
    ]);
    expect(objects).toEqual([
      { name: placed, title: 'A buoy', types: ['site'], point: [19.9, 50.05] },
      { name: shown, title: 'Lake', types: ['site'], point: null },
    ]);
    const owned = (await api(t.app, 'GET', `${url}/summary?metric=${ph}`, as(owner))).json();
    expect(owned.summary.map((s: { object: { name: string } }) => s.object.name)).toEqual([placed, hidden, shown]);
    expect((await api(t.app, 'GET', `${url}/summary?metric=no-such-metric`)).statusCode).toBe(400);
    // By object type: the table's objects are all sites.
    expect((await api(t.app, 'GET', `${url}/summary?type=site`)).json().summary).toHaveLength(3);
    expect((await api(t.app, 'GET', `${url}/summary?type=soil-plot`)).json().summary).toEqual([]);
    expect((await api(t.app, 'GET', `${url}/observations?type=soil-plot`)).headers['pagination-count']).toBe('0');
    const unknownType = await api(t.app, 'GET', `${url}/chart?metric=${ph}&type=no-such-type`);
    expect(unknownType.json().details).toEqual([{ field: 'querystring.type', message: 'Unknown object type: no-such-type' }]);
  });

  it('charts a long series as each bucket’s lowest and highest value, keeping the peaks; a short one whole', async () => {
    const res = await api(t.app, 'GET', `${url}/chart?metric=${ph}&width=100`);
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json();
    expect(chart).toMatchObject({ metric: ph, unit: '[pH]', from: '2010-01-01T00:00:00.000Z', to: '2024-05-02T00:00:00.000Z', bucketed: true, omitted: 0 });
    const [buoy, lake] = chart.series;
    expect(buoy.object).toEqual({ name: placed, title: 'A buoy' });
    expect(buoy.times.length).toBeLessThanOrEqual(200);
    expect(buoy.times).toEqual([...buoy.times].sort((a: number, b: number) => a - b));
    expect(Math.max(...buoy.values)).toBe(14);
    expect(Math.min(...buoy.values)).toBe(0);
    expect(buoy.times[buoy.values.indexOf(14)]).toBe(Date.parse(days[1234]!));
    expect(lake).toEqual({ object: { name: shown, title: 'Lake' }, times: [Date.parse('2024-05-01'), Date.parse('2024-05-02')], values: [7, 8], flagged: [] });
    // Zoomed in on a month: every point of it.
    const month = (await api(t.app, 'GET', `${url}/chart?metric=${ph}&object=${placed}&from=2013-05-01&to=2013-06-01&width=100`)).json();
    expect(month).toMatchObject({ bucketed: false, from: '2013-05-01T00:00:00.000Z', to: '2013-06-01T00:00:00.000Z' });
    expect(month.series[0].times).toHaveLength(31);
  });

  it('refuses a chart of a metric that is not a number, not of the table, or not given; shows owners their hidden objects only', async () => {
    for (const [query, message] of [
      [`metric=${cover}`, /only numbers are charted/],
      ['metric=no-such-metric', /Unknown metric/],
      [`metric=${ph}&width=1`, /./],
      ['', /./],
    ] as const) {
      const res = await api(t.app, 'GET', `${url}/chart?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0]).toEqual({ field: expect.stringMatching(/^querystring\.(metric|width)$/), message: expect.stringMatching(message) });
    }
    const names = async (who: TestUser | null) =>
      (await api(t.app, 'GET', `${url}/chart?metric=${ph}`, as(who))).json().series.map((s: { object: { name: string } }) => s.object.name);
    expect(await names(stranger)).toEqual([placed, shown]);
    expect(await names(owner)).toEqual([placed, hidden, shown]);
  });
});

describe('the object types a project catalogues', () => {
  it('are set in order by its editors, and shown with the project', async () => {
    const typesUrl = `/projects/${project.slug}/objtypes`;
    const set = await api(t.app, 'PUT', typesUrl, { ...as(owner), body: { types: ['soil-plot', 'site'] } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ types: [expect.objectContaining({ slug: 'soil-plot' }), { slug: 'site', name: 'Site' }] });
    expect((await api(t.app, 'GET', typesUrl)).json()).toEqual(set.json());
    expect((await api(t.app, 'GET', `/projects/${project.slug}`)).json().object_types).toEqual(set.json().types);
    expect((await api(t.app, 'PUT', typesUrl, { ...as(owner), body: { types: [] } })).json()).toEqual({ types: [] });
  });

  it('refuse an unknown type, a signed-out writer and one without edit; changing nothing', async () => {
    const typesUrl = `/projects/${project.slug}/objtypes`;
    await api(t.app, 'PUT', typesUrl, { ...as(owner), body: { types: ['site'] } });
    const unknown = await api(t.app, 'PUT', typesUrl, { ...as(owner), body: { types: ['site', 'no-such-type'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'body.types', message: 'Unknown object type: no-such-type' }]);
    expect((await api(t.app, 'PUT', typesUrl, { body: { types: [] } })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', typesUrl, { ...as(stranger), body: { types: [] } })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', typesUrl)).json().types.map((type: { slug: string }) => type.slug)).toEqual(['site']);
    const closed = await buildProject(t.app, owner, { visibility: 'members' });
    expect((await api(t.app, 'GET', `/projects/${closed.slug}/objtypes`, as(stranger))).statusCode).toBe(404);
  });
});

describe('a large write into a table that holds rows', () => {
  it('finds the keys it replaces among thousands in one go', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const days = Array.from({ length: 6000 }, (_, i) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    expect((await api(t.app, 'POST', url, { ...as(owner), body: { observations: days.slice(0, 10).map((day) => row(shown, ph, day, 7)) } })).json()).toEqual({
      written: 10,
      replaced: 0,
    });
    const again = await api(t.app, 'POST', url, { ...as(owner), body: { observations: days.map((day) => row(shown, ph, day, 8)) } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ written: 6000, replaced: 10 });
    expect((await api(t.app, 'GET', `${url}?limit=1`)).json().observations[0].value).toBe(8);
  });
});

describe('a large batch on the embedded database', () => {
  /** How many observations the table holds, as a reader sees. */
  const held = async (url: string) => Number((await api(t.app, 'GET', `${url}?limit=1`, as(owner))).headers['pagination-count']);

  it('is written whole; the embedded database writes it a turn at a time, answering other requests in between', async () => {
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const hours = Array.from({ length: 5_000 }, (_, i) => new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString());
    const observations = hours.flatMap((time, i) => [row(shown, ph, time, 7), row(shown, trees, time, i % 40)]);
    let done = false;
    const writing = api(t.app, 'POST', url, { ...as(owner), body: { observations } }).finally(() => (done = true));
    const seen: number[] = [];
    // Two readers, always one waiting its turn: each turn of the writer (1,000 rows) lets them in.
    const reader = async () => {
      while (!done) seen.push(await held(url));
    };
    await Promise.all([reader(), reader()]);
    const res = await writing;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toEqual({ written: 10_000, replaced: 0 });
    expect(await held(url)).toBe(10_000);
    const audited = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'observations.write'), eq(auditLog.targetId, table.id))),
    );
    const partial = seen.filter((n) => n > 0 && n < 10_000);
    if (t.database.kind === 'embedded') {
      expect(partial.length, `counts read while writing: ${seen.join(', ')}`).toBeGreaterThan(0);
      // Each turn audited as it was written.
      expect(audited.map((a) => (a.after as { written: number }).written)).toEqual(Array(10).fill(1_000));
    } else {
      // A server writes it in one transaction: no reader sees a part.
      expect(partial).toEqual([]);
      expect(audited.map((a) => a.after)).toEqual([{ written: 10_000, replaced: 0 }]);
    }
    // Sent again, every key is replaced by the same value: nothing changes but the count of replaced.
    const again = await api(t.app, 'POST', url, { ...as(owner), body: { observations } });
    expect(again.json()).toEqual({ written: 10_000, replaced: 10_000 });
    expect(await held(url)).toBe(10_000);
  });

  it('refuses the rest when an object is deleted between two turns, saying how much was written', async () => {
    if (t.database.kind !== 'embedded') {
      // A server writes the batch in one transaction: nothing happens between turns (the test above shows no reader sees a part).
      expect(t.database.kind).toBe('server');
      return;
    }
    const table = await newTable();
    const url = `${tablesUrl()}/${table.id}/observations`;
    const made = [await buildObject(t.app, owner, { projects: [project.slug] }), await buildObject(t.app, owner, { projects: [project.slug] })];
    // Written in series order (by object id): the first object's 19,000 rows in nineteen turns, the last one's 1,000 in the twentieth.
    const [first, last] = made.sort((a, b) => (a.id < b.id ? -1 : 1)) as [(typeof made)[number], (typeof made)[number]];
    const minutes = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2021, 0, 1) + i * 60_000).toISOString());
    // The last object's rows sent first: a refusal names the row as it was sent.
    const observations = [...minutes(1_000).map((time) => row(last.name, ph, time, 7)), ...minutes(19_000).map((time) => row(first.name, ph, time, 7))];
    let settled = false;
    const writing = api(t.app, 'POST', url, { ...as(owner), body: { observations } }).finally(() => (settled = true));
    // Once a turn is written, the last object goes: its turn comes many turns later (each read waits for a turn).
    while (!settled && (await held(url)) === 0);
    expect((await api(t.app, 'DELETE', `/data/obj/${last.name}`, as(owner))).statusCode).toBe(204);
    const res = await writing;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error).toBe(`19000 of 20000 observations were written, the rest not: Row 1: no object ${last.name}`);
    expect(res.json().details[0]).toEqual({ field: 'body.observations.0.object', message: `Row 1: no object ${last.name}` });
    expect(await held(url)).toBe(19_000);
  });
});
