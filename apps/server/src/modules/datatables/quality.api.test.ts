import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observation, PlausibilityRule } from '@observatory/shared';
import { observationReviews } from '../../db/schema/index.js';
import { buildDataTable, buildMetric, buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let curator: TestUser;
let project: { id: string; slug: string };
let site: string;
let other: string;
const temp = unique('temp-');
const plain = unique('plain-');
const RULES: PlausibilityRule[] = [
  { kind: 'range', name: 'Gross range', flag: 'bad', min: -40, max: 50 },
  { kind: 'step', name: 'Rate of change', flag: 'suspect', max: 10 },
  { kind: 'flat', name: 'Flat line', flag: 'suspect', count: 4 },
  { kind: 'spike', name: 'Spike', flag: 'suspect', threshold: 8 },
];

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, { name: temp, title: 'Air temperature', unit: 'Cel', rules: RULES });
  await buildMetric(t.app, curator, { name: plain, title: 'Plain', unit: 'm' });
  project = await buildProject(t.app, owner);
  site = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug] })).name;
  other = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug] })).name;
});
afterAll(() => t.close());

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const tableUrl = (id: string) => `/projects/${project.slug}/datatables/${id}`;
const newTable = (level?: 'raw' | 'provisional') =>
  buildDataTable(t.app, owner, project.slug, { title: unique('Weather'), metrics: [temp, plain], ...(level ? { level } : {}) });
/** Hourly values from 2024-06-01T00:00Z on. */
const hourly = (values: number[], start = 0, object = site, metric = temp) =>
  values.map((value, i) => ({ object, metric, time: new Date(Date.UTC(2024, 5, 1, start + i)).toISOString(), value }));
const write = async (id: string, observations: object[]) => {
  const res = await api(t.app, 'POST', `${tableUrl(id)}/observations`, { ...as(owner), body: { observations } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const read = async (id: string, query = '') =>
  (await api(t.app, 'GET', `${tableUrl(id)}/observations?limit=1000&metric=${temp}&object=${site}${query}`, as(owner))).json().observations as Observation[];
const flags = async (id: string) => (await read(id)).map((o) => (o.flag === 'not checked' ? '-' : `${o.flag}:${o.flagRule ?? 'person'}`));

describe('plausibility rules', () => {
  it('are part of a metric (schema/routes.api.test.ts checks their input)', async () => {
    expect((await api(t.app, 'GET', `/data/metrics/${temp}`)).json().metric.rules).toEqual(RULES);
  });

  it('flag a write’s values: range (bad), step, flat line from its count-th value, spike; the others are not checked', async () => {
    const table = await newTable();
    //           0   1   2   3    4   5   6   7   8   9  10  11
    await write(table.id, hourly([20, 21, 60, 22, 23, 23, 23, 23, 24, 40, 24, 25]));
    expect(await flags(table.id)).toEqual([
      '-',
      '-',
      'bad:Gross range', // 60 > 50 (also a step and a spike: bad comes first)
      'suspect:Rate of change', // 60 → 22
      '-',
      '-',
      '-',
      'suspect:Flat line', // the fourth 23 in a row
      '-',
      'suspect:Rate of change', // 24 → 40 (and a spike)
      'suspect:Rate of change', // 40 → 24
      '-',
    ]);
    // The chart marks the flagged values, to draw them apart.
    const chart = await api(t.app, 'GET', `${tableUrl(table.id)}/chart?metric=${temp}&object=${site}`, as(owner));
    expect(chart.json().series[0].flagged).toEqual([
      { time: Date.UTC(2024, 5, 1, 2), value: 60, flag: 'bad', rule: 'Gross range' },
      { time: Date.UTC(2024, 5, 1, 3), value: 22, flag: 'suspect', rule: 'Rate of change' },
      { time: Date.UTC(2024, 5, 1, 7), value: 23, flag: 'suspect', rule: 'Flat line' },
      { time: Date.UTC(2024, 5, 1, 9), value: 40, flag: 'suspect', rule: 'Rate of change' },
      { time: Date.UTC(2024, 5, 1, 10), value: 24, flag: 'suspect', rule: 'Rate of change' },
    ]);
    // A metric without rules is not checked at all.
    await write(table.id, hourly([1, 1, 1, 1, 1], 0, site, plain));
    const plainRows = (await api(t.app, 'GET', `${tableUrl(table.id)}/observations?metric=${plain}`, as(owner))).json().observations as Observation[];
    expect(plainRows.map((o) => o.flag)).toEqual(['not checked', 'not checked', 'not checked', 'not checked', 'not checked']);
  });

  it('check the neighbours a later write changes: a flat line across two writes, a spike whose next value comes later', async () => {
    const table = await newTable();
    await write(table.id, hourly([10, 11, 11, 11]));
    expect(await flags(table.id)).toEqual(['-', '-', '-', '-']);
    await write(table.id, hourly([11, 12], 4));
    expect(await flags(table.id)).toEqual(['-', '-', '-', '-', 'suspect:Flat line', '-']);
    // 12 → 21 is a step of 9 (allowed); with 12 after it, 21 is a spike of 9 (over 8).
    await write(table.id, hourly([21], 6));
    expect((await flags(table.id)).at(-1)).toBe('-');
    await write(table.id, hourly([12], 7));
    expect((await flags(table.id)).slice(-2)).toEqual(['suspect:Spike', '-']);
    // Rewriting the spike's neighbour takes the flag away again.
    await write(table.id, hourly([20], 7));
    expect((await flags(table.id)).slice(-2)).toEqual(['-', '-']);
  });

  it('leave a repeated batch as it was, and a rewritten value not checked until the rules see it again', async () => {
    const table = await newTable();
    const batch = hourly([5, 6, 70, 7]);
    await write(table.id, batch);
    const first = await read(table.id);
    await review(owner, table.id, { from: batch[1]!.time, to: batch[1]!.time, flag: 'good' }).expect(200);
    const again = await write(table.id, batch);
    expect(again).toEqual({ written: 4, replaced: 4 });
    const after = await read(table.id);
    expect(after[2]).toEqual(first[2]);
    expect(after[1]).toMatchObject({ flag: 'good', flagRule: null });
    await write(table.id, hourly([30], 2));
    expect(await flags(table.id)).toEqual(['-', 'good:person', 'suspect:Rate of change', 'suspect:Rate of change']);
  });
});

/** A review request, its answer checked by `expect(status)`. */
function review(who: TestUser | null, id: string, body: object) {
  const sent = api(t.app, 'POST', `${tableUrl(id)}/review`, { ...as(who), body });
  return {
    async expect(status: number) {
      const res = await sent;
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    },
  };
}

describe('reviews', () => {
  it('set a span’s flag by a person (kept by later checks), move it on to provisional and released, and keep released values’ flags', async () => {
    const table = await newTable();
    expect(table.level).toBe('raw');
    const values = hourly([1, 2, 3, 4, 5, 6]);
    await write(table.id, values);
    await write(table.id, hourly([9, 9], 0, other));
    const span = { object: site, metric: temp, from: values[1]!.time, to: values[3]!.time };
    expect(await review(owner, table.id, { ...span, flag: 'suspect', level: 'provisional' }).expect(200)).toEqual({ flagged: 3, leveled: 3, released: 0 });
    let rows = await read(table.id);
    expect(rows.map((o) => `${o.flag}/${o.level}`)).toEqual([
      'not checked/raw',
      'suspect/provisional',
      'suspect/provisional',
      'suspect/provisional',
      'not checked/raw',
      'not checked/raw',
    ]);
    // A check run again leaves a person's flags alone.
    expect((await api(t.app, 'POST', `${tableUrl(table.id)}/checks`, { ...as(owner), body: {} })).json()).toEqual({ checked: 8, suspect: 0, bad: 0 });
    expect((await read(table.id))[1]!.flag).toBe('suspect');

    // Released (the whole day, every object): the other object's raw values too; then flags no longer change.
    const day = { from: '2024-06-01', to: '2024-06-01T23:59:59Z' };
    expect(await review(owner, table.id, { ...day, level: 'released' }).expect(200)).toEqual({ flagged: 0, leveled: 8, released: 0 });
    expect(await review(owner, table.id, { ...day, flag: 'bad', level: 'provisional' }).expect(200)).toEqual({ flagged: 0, leveled: 0, released: 8 });
    rows = await read(table.id);
    expect(rows.map((o) => `${o.flag}/${o.level}`)).toContain('suspect/released');
    expect(rows.every((o) => o.level === 'released' && o.flag !== 'bad')).toBe(true);

    const recorded = await t.database.use((d) =>
      d.select().from(observationReviews).where(eq(observationReviews.tableId, table.id)).orderBy(observationReviews.reviewedAt),
    );
    expect(recorded.map((r) => [r.flag, r.level, r.count, r.reviewedBy !== null])).toEqual([
      ['suspect', 'provisional', 3, true],
      [null, 'released', 8, true],
      ['bad', 'provisional', 0, true],
    ]);
  });

  it('filter the list and the export by flag and level', async () => {
    const table = await newTable('provisional');
    await write(table.id, hourly([1, 2, 99, 3]));
    expect((await read(table.id, '&flag=bad')).map((o) => o.value)).toEqual([99]);
    expect(await read(table.id, '&level=raw')).toEqual([]);
    expect(await read(table.id, '&level=provisional')).toHaveLength(4);
    const csv = await api(t.app, 'GET', `${tableUrl(table.id)}/observations.csv?flag=suspect`, as(owner));
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('object,title,metric,unit,time,value,note,flag,flag_rule,level');
    expect(lines.slice(1).map((l) => l.split(',').slice(5).join(','))).toEqual(['3,,suspect,Rate of change,provisional']);
    const bad = await api(t.app, 'GET', `${tableUrl(table.id)}/observations?flag=doubtful`, as(owner));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('querystring.flag');
  });

  it('refuse bad input naming the field, and need edit on the project', async () => {
    const table = await newTable();
    await write(table.id, hourly([1, 2]));
    const span = { from: '2024-06-01', to: '2024-06-02' };
    const fieldOf = async (body: object) => (await review(owner, table.id, body).expect(400)).details[0].field;
    expect(await fieldOf(span)).toBe('body.flag');
    expect(await fieldOf({ from: '2024-06-02', to: '2024-06-01', flag: 'good' })).toBe('body.to');
    expect(await fieldOf({ ...span, flag: 'fine' })).toBe('body.flag');
    expect(await fieldOf({ ...span, level: 'raw' })).toBe('body.level');
    expect(await fieldOf({ ...span, flag: 'good', metric: 'no-such-metric' })).toBe('body.metric');
    expect(await fieldOf({ ...span, flag: 'good', object: 'no-such-object' })).toBe('body.object');
    expect((await api(t.app, 'POST', `${tableUrl(table.id)}/checks`, { ...as(owner), body: { metric: 'no-such-metric' } })).statusCode).toBe(400);
    await review(null, table.id, { ...span, flag: 'good' }).expect(401);
    await review(stranger, table.id, { ...span, flag: 'good' }).expect(403);
    expect((await api(t.app, 'POST', `${tableUrl(table.id)}/checks`, { ...as(stranger), body: {} })).statusCode).toBe(403);
    expect((await api(t.app, 'POST', `${tableUrl(table.id)}/checks`, { body: {} })).statusCode).toBe(401);
    expect((await read(table.id)).map((o) => o.flag)).toEqual(['not checked', 'not checked']);
  });

  it('run on demand after a metric’s rules change, over the table or one metric', async () => {
    const metric = unique('level-');
    await buildMetric(t.app, curator, { name: metric, title: 'Water level', unit: 'm' });
    const table = await buildDataTable(t.app, owner, project.slug, { title: unique('Gauge'), metrics: [metric] });
    await write(table.id, hourly([1, 2, 3, 250], 0, site, metric));
    const readLevel = async () =>
      ((await api(t.app, 'GET', `${tableUrl(table.id)}/observations?metric=${metric}`, as(owner))).json().observations as Observation[]).map((o) => o.flag);
    expect(await readLevel()).toEqual(['not checked', 'not checked', 'not checked', 'not checked']);
    const current = (await api(t.app, 'GET', `/data/metrics/${metric}`)).json().metric;
    const changed = await api(t.app, 'PUT', `/data/metrics/${metric}`, {
      ...as(curator),
      body: { ...current, rules: [{ kind: 'range', name: 'Gauge height', max: 100 }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const checked = await api(t.app, 'POST', `${tableUrl(table.id)}/checks`, { ...as(owner), body: { metric } });
    expect(checked.json()).toEqual({ checked: 4, suspect: 1, bad: 0 });
    expect(await readLevel()).toEqual(['not checked', 'not checked', 'not checked', 'suspect']);
  });
});
