/**
 * Latest values: each datastream's latest observation, kept beside it by every write, check,
 * review and delete (repo.ts keepLatest), and read by GET latest-values.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatestValuesResponseSchema, type LatestValue, type PlausibilityRule } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import { visibleTo } from '../../authz/visibility.js';
import { rowsOf } from '../../db/client.js';
import { latestValues, namesOf } from './repo.js';
import { buildDataTable, buildMetric, buildObject, buildObjectType, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let curator: TestUser;
let project: { id: string; slug: string };
let hidden: { id: string; slug: string };
let stationType: string;
let site: string;
let far: string;
let secret: string;
let tableId: string;
const tableTitle = unique('Weather');
const temp = unique('temp-');
const state = unique('state-');
const RULES: PlausibilityRule[] = [{ kind: 'range', name: 'Gross range', flag: 'bad', min: -40, max: 50 }];

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, { name: temp, title: 'Air temperature', unit: 'Cel', rules: RULES });
  await buildMetric(t.app, curator, { name: state, title: 'Gate', type: 'boolean' });
  stationType = (await buildObjectType(t.app, curator, { name: unique('Station ') })).slug;
  project = await buildProject(t.app, owner);
  hidden = await buildProject(t.app, owner, { visibility: 'members' });
  const at = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
  site = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug], types: [stationType], geo: at(8.3, 47.3) })).name;
  far = (await buildObject(t.app, owner, { name: unique('station-'), title: 'Station in the Andes', projects: [project.slug], geo: at(-70, -33) })).name;
  secret = (await buildObject(t.app, owner, { name: unique('station-'), projects: [hidden.slug], visibility: 'members', geo: at(8.4, 47.4) })).name;
  tableId = (await buildDataTable(t.app, owner, project.slug, { title: tableTitle, metrics: [temp, state] })).id;
  const hiddenTable = (await buildDataTable(t.app, owner, hidden.slug, { title: unique('Weather'), metrics: [temp] })).id;
  await write(hidden.slug, hiddenTable, [{ object: secret, metric: temp, time: '2024-06-01T00:00:00Z', value: 3 }]);
});
afterAll(() => t.close());

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const hour = (h: number) => new Date(Date.UTC(2024, 5, 1, h)).toISOString();
async function write(slug: string, id: string, observations: object[]) {
  const res = await api(t.app, 'POST', `/projects/${slug}/datatables/${id}/observations`, { ...as(owner), body: { observations } });
  expect(res.statusCode, res.body).toBe(200);
}
const temps = (values: [number, number][], object = site) =>
  write(
    project.slug,
    tableId,
    values.map(([h, value]) => ({ object, metric: temp, time: hour(h), value })),
  );
async function latest(query: string, who: TestUser | null = owner) {
  const res = await api(t.app, 'GET', `/latest-values?${query}`, as(who));
  expect(res.statusCode, res.body).toBe(200);
  // Sent as text, past the response schema: held to it here.
  return { values: LatestValuesResponseSchema.parse(res.json()).values as LatestValue[], count: Number(res.headers['pagination-count']) };
}
const ofSite = async () => (await latest(`object=${site}`)).values.map((v) => `${v.metric.name} ${v.time} ${String(v.value)} ${v.flag}`);

/** Every datastream's kept latest value against its values' latest, worked out afresh: none may differ. */
async function keptDiffersFromValues() {
  const result = await t.database.use((d) =>
    d.execute(sql`
      select d.id from datastreams d
      left join lateral (select o.time, o.number, o.text, o.flag from observations o
        where o.table_id = d.table_id and o.object_id = d.object_id and o.metric_id = d.metric_id order by o.time desc limit 1) l on true
      where (d.latest_time, d.latest_number, d.latest_text, d.latest_flag) is distinct from (l.time, l.number, l.text, l.flag)`),
  );
  return rowsOf<{ id: string }>(result).length;
}

describe('the kept latest value', () => {
  it('follows writes, rewrites, checks, reviews and deletes', async () => {
    await temps([
      [0, 10],
      [2, 12],
    ]);
    await write(project.slug, tableId, [{ object: site, metric: state, time: hour(1), value: true }]);
    // By metric name: state-…, then temp-….
    expect(await ofSite()).toEqual([`${state} ${hour(1)} true not checked`, `${temp} ${hour(2)} 12 not checked`]);
    // An earlier value leaves it; a later one takes its place; the rules flag it.
    await temps([[1, 11]]);
    expect((await ofSite())[1]).toBe(`${temp} ${hour(2)} 12 not checked`);
    await temps([[3, 60]]);
    expect((await ofSite())[1]).toBe(`${temp} ${hour(3)} 60 bad`);
    // Rewriting it: a new value, not checked until the rules see it (and find it plausible).
    await temps([[3, 13]]);
    expect((await ofSite())[1]).toBe(`${temp} ${hour(3)} 13 not checked`);
    // A reviewer's flag.
    const review = await api(t.app, 'POST', `/projects/${project.slug}/datatables/${tableId}/review`, {
      ...as(owner),
      body: { object: site, metric: temp, from: hour(3), to: hour(3), flag: 'suspect' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await ofSite())[1]).toBe(`${temp} ${hour(3)} 13 suspect`);
    // Deleting it (SensorThings): the one before is the latest again; deleting every value leaves none.
    const stream = (await latest(`object=${site}`)).values.find((v) => v.metric.name === temp)!.datastream;
    const del = (time: string) => api(t.app, 'DELETE', `/sta/v1.1/Observations('${stream}_${time}')`, as(owner));
    expect((await del(hour(3))).statusCode).toBe(200);
    expect((await ofSite())[1]).toBe(`${temp} ${hour(2)} 12 not checked`);
    for (const h of [0, 1, 2]) expect((await del(hour(h))).statusCode).toBe(200);
    expect(await ofSite()).toEqual([`${state} ${hour(1)} true not checked`]);
    expect(await keptDiffersFromValues()).toBe(0);
  });
});

describe('GET latest-values', () => {
  beforeAll(async () => {
    await temps([[5, 20]]);
    await temps([[6, 21]], far);
  });

  it('finds a project’s, an object’s, a type’s and an area’s datastreams, with their count', async () => {
    const all = await latest(`project=${project.slug}`);
    // By object name, then metric name, in byte order.
    const byName = [
      [far, temp],
      [site, state],
      [site, temp],
    ].sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1));
    expect(all.values.map((v) => [v.object.name, v.metric.name])).toEqual(byName);
    expect(all.count).toBe(3);
    expect(all.values.find((v) => v.object.name === far)).toMatchObject({
      object: { name: far, title: 'Station in the Andes' },
      metric: { name: temp, title: 'Air temperature', unit: 'Cel' },
      table: { id: tableId, title: tableTitle },
      project: project.slug,
      time: hour(6),
      value: 21,
      flag: 'not checked',
    });
    expect((await latest(`type=${stationType}`)).values.map((v) => v.object.name)).toEqual([site, site]);
    expect((await latest(`bbox=-80,-40,-60,-20`)).values.map((v) => v.object.name)).toEqual([far]);
    const paged = await latest(`project=${project.slug}&limit=2&p=2`);
    expect([paged.values.length, paged.count]).toEqual([1, 3]);
  });

  it('shows only what the reader may see: a members-only project’s values to its members', async () => {
    expect((await latest(`object=${secret}`)).values.map((v) => v.value)).toEqual([3]);
    for (const who of [null, stranger]) {
      expect(await latest(`object=${secret}`, who)).toEqual({ values: [], count: 0 });
      expect(await latest(`project=${hidden.slug}`, who)).toEqual({ values: [], count: 0 });
      const near = await latest('bbox=8,47,9,48', who);
      expect(near.values.map((v) => v.object.name)).toEqual([site, site]);
      expect(near.count).toBe(2);
    }
  });

  it('the query alone (latestRows and explainLatest, which the bench times) finds the rows of the answer, in its order, for each reader', async () => {
    for (const who of [owner, null]) {
      const cases: [string, { project?: string; object?: string; bbox?: [number, number, number, number] }][] = [
        [`project=${project.slug}`, { project: project.slug }],
        [`object=${secret}`, { object: secret }],
        ['bbox=8,47,9,48', { bbox: [8, 47, 9, 48] }],
      ];
      for (const [search, query] of cases) {
        const actor = who ? await t.app.services.users.actorFor(who.id) : null;
        const rows = await t.app.services.dataTables.latestRows(actor, { ...query, limit: 1000, p: 1 });
        const answer = await latest(search, who);
        expect(
          rows.map((r) => r.datastream),
          search,
        ).toEqual(answer.values.map((v) => v.datastream));
        expect(rows.length, search).toBe(answer.count);
        // The same statement, run by PostgreSQL alone: as many rows, and its times.
        const explained = await t.app.services.dataTables.explainLatest(actor, { ...query, limit: 1000, p: 1 });
        expect(explained.rows, search).toBe(rows.length);
        expect(explained.executionMs).toBeGreaterThanOrEqual(0);
        expect(explained.planningMs).toBeGreaterThanOrEqual(0);
      }
    }
    // Held to what the answer shows, and hiding what it hides.
    expect(await t.app.services.dataTables.latestRows(null, { object: secret, limit: 1000, p: 1 })).toEqual([]);
  });

  it('refuses a bad query naming the field, and finds nothing for what does not exist', async () => {
    for (const [query, field] of [
      ['bbox=1,2,3', 'bbox'],
      ['limit=10001', 'limit'],
      ['p=0', 'p'],
      ['colour=red', 'colour'],
    ]) {
      const res = await api(t.app, 'GET', `/latest-values?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(field);
    }
    expect(await latest('project=no-such-project')).toEqual({ values: [], count: 0 });
    expect(await latest('type=no-such-type')).toEqual({ values: [], count: 0 });
  });

  it('writes each time as toISOString does: in UTC, to the millisecond, from the year 1 to 9999', async () => {
    const logger = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug] })).name;
    for (const [sent, answered] of [
      ['2024-06-01T12:30:45.678+02:00', '2024-06-01T10:30:45.678Z'],
      ['2024-06-01T23:59:59.999-00:30', '2024-06-02T00:29:59.999Z'],
      ['9999-12-31T12:00:00.5Z', '9999-12-31T12:00:00.500Z'],
    ]) {
      await write(project.slug, tableId, [{ object: logger, metric: temp, time: sent, value: 1 }]);
      expect((await latest(`object=${logger}`)).values.map((v) => v.time)).toEqual([answered]);
      // In UTC whatever the session's time zone.
      const inNewYork = await t.database.transaction(async (tx) => {
        await tx.execute(sql`set local time zone 'America/New_York'`);
        const objectId = rowsOf<{ id: string }>(await tx.execute(sql`select id from objects where name = ${logger}`))[0]!.id;
        return latestValues(tx, { objectId }, { datastream: undefined, object: undefined }).page({ limit: 10, offset: 0 });
      });
      expect(inNewYork.map((r) => r.time)).toEqual([answered]);
    }
    // The first day a time may name.
    const early = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug] })).name;
    await write(project.slug, tableId, [{ object: early, metric: temp, time: '0001-01-01', value: 1 }]);
    expect((await latest(`object=${early}`)).values.map((v) => v.time)).toEqual(['0001-01-01T00:00:00.000Z']);
  });

  it('reads the titles shown beside the values only of objects the reader may see', async () => {
    // The page and the titles are two reads: a hidden object that took a shown object's name in between must not lend it its title.
    const titles = (who: Actor | null) =>
      t.database.use(async (d) => (await namesOf(d, { objects: [secret, far], metrics: [], tables: [] }, visibleTo(who, 'object'))).objects);
    expect([...(await titles(null)).keys()]).toEqual([far]);
    expect([...(await titles(await t.app.services.users.actorFor(owner.id))).keys()].sort()).toEqual([secret, far].sort());
  });
});

describe('the order kept beside each datastream', () => {
  /** Datastreams whose kept order (object and metric name, table position) is not their object's, metric's and table's: none may be. */
  const keptOrderDiffers = async () =>
    rowsOf<{ id: string }>(
      await t.database.use((d) =>
        d.execute(sql`
          select d.id from datastreams d join objects o on o.id = d.object_id join metrics m on m.id = d.metric_id join data_tables dt on dt.id = d.table_id
          where (d.object_name, d.metric_name, d.table_position) is distinct from (o.name, m.name, dt.position)`),
      ),
    ).length;

  it('follows a renamed object or metric and a moved table, so their values move in the order', async () => {
    const own = await buildProject(t.app, owner);
    const [first, second] = [unique('order-m1-'), unique('order-m2-')];
    for (const name of [first, second]) await buildMetric(t.app, curator, { name, title: name, unit: 'm' });
    const a = (await buildObject(t.app, owner, { name: unique('order-a-'), projects: [own.slug] })).name;
    const b = (await buildObject(t.app, owner, { name: unique('order-b-'), projects: [own.slug] })).name;
    const [one, two] = [
      (await buildDataTable(t.app, owner, own.slug, { metrics: [first, second] })).id,
      (await buildDataTable(t.app, owner, own.slug, { metrics: [second] })).id,
    ];
    await write(own.slug, one, [
      { object: a, metric: first, time: hour(1), value: 1 },
      { object: b, metric: first, time: hour(1), value: 2 },
      { object: b, metric: second, time: hour(1), value: 3 },
    ]);
    await write(own.slug, two, [{ object: b, metric: second, time: hour(1), value: 4 }]);
    const order = async () => (await latest(`project=${own.slug}`)).values.map((v) => `${v.object.name} ${v.metric.name} ${String(v.value)}`);
    expect(await order()).toEqual([`${a} ${first} 1`, `${b} ${first} 2`, `${b} ${second} 3`, `${b} ${second} 4`]);

    // The object renamed past the other.
    const c = unique('order-c-');
    expect((await api(t.app, 'PUT', `/data/obj/${a}`, { ...as(owner), body: { name: c } })).statusCode).toBe(200);
    // The metric renamed past the other.
    const third = unique('order-m3-');
    const renamed = await api(t.app, 'PUT', `/data/metrics/${first}`, { ...as(curator), body: { name: third, title: third, type: 'number', unit: 'm' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await order()).toEqual([`${b} ${second} 3`, `${b} ${second} 4`, `${b} ${third} 2`, `${c} ${third} 1`]);

    // The second table moved before the first (no screen moves a table yet; its trigger is ready when one does).
    await t.database.use((d) => d.execute(sql`update data_tables set position = -1 where id = ${two}::uuid`));
    expect(await order()).toEqual([`${b} ${second} 4`, `${b} ${second} 3`, `${b} ${third} 2`, `${c} ${third} 1`]);
    expect(await keptOrderDiffers()).toBe(0);
  });

  it('is taken from the object, metric and table whatever a datastream is made with, and a missing one is still refused', async () => {
    const logger = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug] })).name;
    const made = await t.database.use(async (d) =>
      rowsOf<{ object_name: string; metric_name: string }>(
        await d.execute(sql`
          insert into datastreams (project_id, table_id, object_id, metric_id, object_name, metric_name, table_position)
          select ${project.id}::uuid, ${tableId}::uuid, o.id, m.id, 'zzz', 'zzz', 99 from objects o, metrics m where o.name = ${logger} and m.name = ${state}
          returning object_name, metric_name`),
      ),
    );
    expect(made).toEqual([{ object_name: logger, metric_name: state }]);
    expect(await keptOrderDiffers()).toBe(0);
    const orphan = t.database.use((d) =>
      d.execute(sql`insert into datastreams (project_id, table_id, object_id, metric_id)
        select ${project.id}::uuid, ${tableId}::uuid, gen_random_uuid(), m.id from metrics m where m.name = ${state}`),
    );
    // Its foreign key's refusal, not a missing name's.
    await expect(orphan).rejects.toMatchObject({ cause: { code: '23503' } });
  });
});

describe('writers of one series at once', () => {
  it('a kept value is replaced only by one at least as late, and after a delete only when the deleted value was the kept one', async () => {
    // As a writer sees it when another's later value was committed after its statement began:
    // the kept value (09:00) is later than any value it can read.
    const logger = (await buildObject(t.app, owner, { name: unique('station-'), projects: [project.slug] })).name;
    await temps([[2, 5]], logger);
    const keep = (iso: string) =>
      t.database.use((d) =>
        d.execute(sql`update datastreams set latest_time = ${iso}::timestamptz, latest_number = 99
          where object_id = (select id from objects where name = ${logger})`),
      );
    await keep(hour(9));
    const kept = async () => (await latest(`object=${logger}`)).values.map((v) => `${v.time} ${String(v.value)}`);
    await temps([[4, 6]], logger);
    expect(await kept()).toEqual([`${hour(9)} 99`]);
    const stream = (await latest(`object=${logger}`)).values[0]!.datastream;
    expect((await api(t.app, 'DELETE', `/sta/v1.1/Observations('${stream}_${hour(2)}')`, as(owner))).statusCode).toBe(200);
    expect(await kept()).toEqual([`${hour(9)} 99`]);
    // A value at least as late takes its place.
    await temps([[9, 7]], logger);
    expect(await kept()).toEqual([`${hour(9)} 7`]);
  });
});
