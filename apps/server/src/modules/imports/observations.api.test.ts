import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PROGRESS_TYPE, type ImportPreview, type Observation } from '@observatory/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';
import { buildDataTable, buildMetric, buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, upload, type TestApp } from '../../../test/harness.js';

let t: TestApp;
/** importData (a data manager). */
let curator: TestUser;
/** Creates the project: its owner. */
let owner: TestUser;
/** Edit on the project, and no global permission. */
let editor: TestUser;
/** Signed in, neither importData nor a role on the project. */
let stranger: TestUser;
let project: { id: string; slug: string };
let closed: { slug: string };
let river: { id: string };
let wide: { id: string };
let elsewhere: { id: string };
let series: Buffer;

const n = unique('obs');
const [chla, temp, ice, cover] = ['chla', 'temp', 'ice', 'cover'].map((m) => `${n}-${m}`) as [string, string, string, string];
const [lake1, lake2, hidden] = ['lake-1', 'lake-2', 'hidden'].map((o) => `${n}-${o}`) as [string, string, string];

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const post = (path: string, body: unknown, who: TestUser | null = curator) => api(t.app, 'POST', `/data/import/${path}`, { ...as(who), body });

/** A table's observations as the API reads them. */
async function observations(table: string, query = '') {
  const res = await api(t.app, 'GET', `/projects/${project.slug}/datatables/${table}/observations?limit=1000${query}`, as(curator));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().observations as Observation[];
}

beforeAll(async () => {
  // A large file goes in turns of 1,000 observations on the embedded database (Config.writeChunkRows).
  t = await startTestApp({ writeChunkRows: 1_000 });
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  // A bloom above 60 µg/L is rare in these rivers: 17 of the 2024 values are flagged for a look.
  await buildMetric(t.app, curator, {
    name: chla,
    title: 'Chlorophyll a',
    unit: 'ug/L',
    min: 0,
    max: 1000,
    rules: [{ kind: 'range', name: 'Bloom ceiling', flag: 'suspect', min: null, max: 60 }],
  });
  await buildMetric(t.app, curator, { name: temp, title: 'Water temperature', unit: 'Cel', min: -50, max: 60 });
  await buildMetric(t.app, curator, { name: ice, title: 'Ice cover', type: 'boolean' });
  await buildMetric(t.app, curator, { name: cover, title: 'Shore', type: 'category', allowed: ['forest', 'heath'] });
  project = await buildProject(t.app, owner);
  const other = await buildProject(t.app, owner);
  closed = await buildProject(t.app, stranger, { visibility: 'members' });
  editor = await buildUser(t.app, { roles: [{ slug: 'editor', target: { id: project.id, type: 'project' } }] });

  // The river sites as the demo names them (demo-measured.ts): the file's site_id in lower case.
  const [, ...sites] = parseCsv(await readFile(new URL('../../../test/fixtures/river_chlorophyll_sites.csv', import.meta.url), 'utf8'));
  for (const site of sites) await buildObject(t.app, owner, { name: site[0]!.toLowerCase(), projects: [project.slug] });
  for (const name of [lake1, lake2, `${n}-POND`, `${n}-Pond`]) await buildObject(t.app, owner, { name, projects: [project.slug] });
  await buildObject(t.app, stranger, { name: hidden, projects: [closed.slug], visibility: 'members' });

  river = await buildDataTable(t.app, owner, project.slug, { metrics: [chla] });
  wide = await buildDataTable(t.app, owner, project.slug, { metrics: [temp, ice, cover] });
  elsewhere = await buildDataTable(t.app, owner, other.slug, { metrics: [temp] });
  series = await readFile(new URL('../../../test/fixtures/river_chlorophyll_2024.csv', import.meta.url));
});
afterAll(() => t.close());

/** The river file's columns: project_id, site_id, datetime, duration, variable, observation. */
const riverOptions = () => ({ project: project.slug, table: river.id, objectColumn: 1, timeColumn: 2, metricColumns: { '5': chla } });
const wideOptions = () => ({
  project: project.slug,
  table: wide.id,
  objectColumn: 0,
  timeColumn: 1,
  metricColumns: { '2': temp, '3': ice, '4': cover },
  noteColumn: 5,
});
const longOptions = () => ({ project: project.slug, table: wide.id, objectColumn: 0, timeColumn: 1, metricColumn: 2, valueColumn: 3 });

describe('importing observations', () => {
  it('imports the real river chlorophyll series (2024, 15 sites) as its preview said, once; the same file again changes nothing', async () => {
    const uploaded = await upload(t.app, 'POST', '/data/import/sessions', { ...as(curator), file: { data: series, fileName: 'river_chlorophyll_2024.csv' } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const session = uploaded.json().session.id as string;

    const preview = await post('observations/preview', { session, options: riverOptions() });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      total: 5101,
      matching: 5101,
      page: 1,
      pages: 52,
      committed: false,
      stats: { created: 5101, updated: 0, unchanged: 0, errors: 0, observationsCreated: 5101, observationsReplaced: 0, observationsUnchanged: 0 },
    });
    expect(preview.json().records).toHaveLength(100);
    // The file's DWR-GLE is the catalogue's dwr-gle: a name differing only in case finds its one object.
    expect(preview.json().records[0]).toEqual({
      row: 2,
      name: 'DWR-GLE',
      status: 'ok',
      operation: 'create',
      errors: [],
      before: { time: '2024-01-01T00:00:00.000Z', values: { [chla]: null } },
      after: { time: '2024-01-01T00:00:00.000Z', values: { [chla]: 2.0010416666666666 } },
    });

    const commit = await post('observations', { session, options: riverOptions() });
    expect(commit.statusCode, commit.body).toBe(200);
    expect({ ...commit.json(), committed: false }).toEqual(preview.json());
    const [first] = await observations(river.id, '&object=dwr-gle&sort=time');
    expect(first).toEqual({
      object: { name: 'dwr-gle', title: 'dwr-gle' },
      metric: chla,
      time: '2024-01-01T00:00:00.000Z',
      value: 2.0010416666666666,
      note: '',
      flag: 'not checked',
      flagRule: null,
      level: 'raw',
    });
    // The metric's rules ran over the import, set-wise.
    const flagged = await observations(river.id, '&flag=suspect');
    expect(flagged).toHaveLength(17);
    expect(flagged.every((o) => o.flagRule === 'Bloom ceiling' && (o.value as number) > 60)).toBe(true);
    const summary = (await api(t.app, 'GET', `/projects/${project.slug}/datatables/${river.id}/summary`, as(curator))).json().summary as { count: number }[];
    expect(summary).toHaveLength(15);
    expect(summary.reduce((sum, s) => sum + s.count, 0)).toBe(5101);

    // The session committed again (a second click): its commit's answer, nothing run twice.
    const again = await post('observations', { session, options: riverOptions() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ committed: true, total: 5101, records: [], stats: commit.json().stats });
    // The same file again changes nothing.
    expect((await post('observations/preview', { session, options: riverOptions(), show: 'none' })).json().stats).toEqual({
      created: 0,
      updated: 0,
      unchanged: 5101,
      errors: 0,
      observationsCreated: 0,
      observationsReplaced: 0,
      observationsUnchanged: 5101,
    });
    const last = (await post('observations/preview', { session, options: riverOptions(), show: 'none', page: 52 })).json();
    expect(last).toMatchObject({ matching: 5101, page: 52, pages: 52 });
    expect(last.records.map((r: { row: number; before: unknown; after: unknown }) => [r.row, r.before, r.after])).toEqual([
      [
        5102,
        { time: '2024-12-31T00:00:00.000Z', values: { [chla]: expect.any(Number) } },
        { time: '2024-12-31T00:00:00.000Z', values: { [chla]: expect.any(Number) } },
      ],
    ]);
    const listed = (await api(t.app, 'GET', '/data/import/sessions', as(curator))).json().sessions.find((s: { id: string }) => s.id === session);
    expect(listed).toMatchObject({ kind: 'observations', stats: { created: 5101, unchanged: 0 }, committedAt: expect.any(String) });
  });

  it('imports a wide file (a column per metric, a note column): numbers with a decimal comma, yes/no, categories; counts what a changed file creates, replaces and leaves', async () => {
    const records = [
      [lake1, '2024-05-01', '-3,5', 'yes', 'forest', 'first visit'],
      [lake2, '2024-05-01T10:30:00+02:00', '12', '', 'heath', ''],
    ];
    const preview = (await post('observations/preview', { records, options: wideOptions() }, editor)).json();
    expect(preview.stats).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: 0,
      observationsCreated: 5,
      observationsReplaced: 0,
      observationsUnchanged: 0,
    });
    expect(preview.records[0]).toMatchObject({
      row: 2,
      name: lake1,
      operation: 'create',
      before: { time: '2024-05-01T00:00:00.000Z', values: { [temp]: null, [ice]: null, [cover]: null } },
      after: { time: '2024-05-01T00:00:00.000Z', values: { [temp]: -3.5, [ice]: true, [cover]: 'forest' } },
    });
    // An empty cell is no observation.
    expect(preview.records[1].after).toEqual({ time: '2024-05-01T08:30:00.000Z', values: { [temp]: 12, [cover]: 'heath' } });
    const commit = (await post('observations', { records, options: wideOptions() }, editor)).json();
    expect({ ...commit, committed: false }).toEqual(preview);

    const changed = [
      [lake1, '2024-05-01', '-3.5', 'yes', 'forest', 'first visit'],
      [lake2, '2024-05-01T08:30:00Z', '12.5', 'no', 'heath', ''],
      [lake1, '2024-05-02', '1', '', '', 'a note'],
      [lake1, '2024-05-03', '', '', '', ''],
    ];
    const second = (await post('observations/preview', { records: changed, options: wideOptions() })).json();
    expect(second.stats).toEqual({
      created: 1,
      updated: 1,
      unchanged: 2,
      errors: 0,
      observationsCreated: 2,
      observationsReplaced: 1,
      observationsUnchanged: 4,
    });
    expect(second.records.map((r: { operation: string }) => r.operation)).toEqual(['none', 'update', 'create', 'none']);
    expect(second.records[1]).toMatchObject({
      before: { time: '2024-05-01T08:30:00.000Z', values: { [temp]: 12, [ice]: null, [cover]: 'heath' } },
      after: { time: '2024-05-01T08:30:00.000Z', values: { [temp]: 12.5, [ice]: false, [cover]: 'heath' } },
    });
    expect((await post('observations', { records: changed, options: wideOptions() })).json().stats).toEqual(second.stats);

    // A changed note replaces the observations it is written with.
    const noted = (await post('observations', { records: [[lake1, '2024-05-01', '-3.5', 'yes', 'forest', 'second visit']], options: wideOptions() })).json();
    expect(noted.stats).toMatchObject({ updated: 1, observationsReplaced: 3 });
    expect(noted.records[0].operation).toBe('update');
    // The replaced observations are kept in the audit log.
    const audited = await t.database.use((d) =>
      d.select().from(auditLog).where(eq(auditLog.action, 'import.observations')).orderBy(desc(auditLog.createdAt)).limit(1),
    );
    expect(audited[0]!.before).toEqual({ replaced: expect.arrayContaining([expect.objectContaining({ number: -3.5, note: 'first visit' })]) });
    expect((audited[0]!.before as { replaced: unknown[] }).replaced).toHaveLength(3);
    expect(audited[0]!.after).toMatchObject({ table: wide.id, stats: noted.stats });
    const day = await observations(wide.id, `&object=${lake1}&from=2024-05-01&to=2024-05-02`);
    expect(day.map((o) => [o.metric, o.value, o.note]).sort()).toEqual(
      [
        [cover, 'forest', 'second visit'],
        [ice, true, 'second visit'],
        [temp, -3.5, 'second visit'],
      ].sort(),
    );
  });

  it('imports a long file (a metric column and a value column); without a note column the notes there stay', async () => {
    const records = [
      [lake2, '2024-06-01', temp, '20'],
      [lake2, '2024-06-01', cover, 'forest'],
      [lake1, '2024-05-01', temp, '-3.5'],
      [lake1, '2024-06-01', ice, ''],
    ];
    const preview = (await post('observations/preview', { records, options: longOptions() })).json();
    expect(preview.stats).toEqual({
      created: 2,
      updated: 0,
      unchanged: 2,
      errors: 0,
      observationsCreated: 2,
      observationsReplaced: 0,
      observationsUnchanged: 1,
    });
    expect(preview.records.map((r: { row: number; operation: string; after: unknown }) => [r.row, r.operation, r.after])).toEqual([
      [2, 'create', { time: '2024-06-01T00:00:00.000Z', values: { [temp]: 20 } }],
      [3, 'create', { time: '2024-06-01T00:00:00.000Z', values: { [cover]: 'forest' } }],
      [4, 'none', { time: '2024-05-01T00:00:00.000Z', values: { [temp]: -3.5 } }],
      [5, 'none', { time: '2024-06-01T00:00:00.000Z', values: {} }],
    ]);
    const commit = (await post('observations', { records, options: longOptions() })).json();
    expect({ ...commit, committed: false }).toEqual(preview);
    expect((await post('observations', { records, options: longOptions() })).json().stats).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    const [kept] = await observations(wide.id, `&object=${lake1}&metric=${temp}&from=2024-05-01&to=2024-05-02`);
    expect(kept).toMatchObject({ value: -3.5, note: 'second visit' });
  });

  it('streams a commit’s progress when asked for it, then its result', async () => {
    const body = { records: [[lake2, '2024-09-01', '9', '', '']], options: { ...wideOptions(), noteColumn: null } };
    const res = await api(t.app, 'POST', '/data/import/observations', { ...as(curator), headers: { accept: IMPORT_PROGRESS_TYPE }, body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(IMPORT_PROGRESS_TYPE);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, -1)).toEqual([{ progress: { phase: 'writing', done: 0, total: 1 } }, { progress: { phase: 'writing', done: 1, total: 1 } }]);
    expect(lines.at(-1).result).toMatchObject({ committed: true, stats: { created: 1, observationsCreated: 1 } });
  });

  it('refuses options naming what is not there, or mixing the layouts, as a 400 naming the option', async () => {
    const records = [[lake1, '2024-01-01', '1']];
    const base = { project: project.slug, table: wide.id, objectColumn: 0, timeColumn: 1, metricColumns: { '2': temp } };
    const refused = async (options: object, field: string, message: RegExp, who: TestUser = curator) => {
      const res = await post('observations/preview', { records, options: { ...base, ...options } }, who);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().details[0]).toEqual({ field, message: expect.stringMatching(message) });
    };
    await refused({ project: 'no-such-project' }, 'body.options.project', /^No such project: no-such-project$/);
    // A project the importer may not see is no project to them.
    await refused({ project: closed.slug }, 'body.options.project', /^No such project/, editor);
    await refused({ table: elsewhere.id }, 'body.options.table', /^The project has no such data table$/);
    await refused({ table: '00000000-0000-4000-8000-000000000000' }, 'body.options.table', /^The project has no such data table$/);
    await refused({ objectColumn: 7 }, 'body.options.objectColumn', /^The file has 3 columns: there is no column 7$/);
    await refused({ noteColumn: 3 }, 'body.options.noteColumn', /^The file has 3 columns: there is no column 3$/);
    await refused({ metricColumns: { '5': temp } }, 'body.options.metricColumns', /^The file has 3 columns: there is no column 5$/);
    await refused({ metricColumns: {} }, 'body.options.metricColumns', /^Choose the metric columns/);
    await refused({ metricColumn: 2, valueColumn: 2 }, 'body.options.metricColumns', /not both$/);
    await refused({ metricColumns: {}, metricColumn: 2 }, 'body.options.valueColumn', /^Choose the column of the values/);
    await refused(
      { metricColumns: { '2': 'no-such-metric' } },
      'body.options.metricColumns',
      new RegExp(`^Not a metric of this table: no-such-metric \\(it has ${[cover, ice, temp].join(', ')}\\)$`),
    );
    await refused({ metricColumns: { '2': chla } }, 'body.options.metricColumns', new RegExp(`^Not a metric of this table: ${chla} `));
    await refused({ metricColumns: { '1': temp, '2': temp } }, 'body.options.metricColumns', new RegExp(`^${temp} is given two columns`));
    const session = await post('observations/preview', { session: '00000000-0000-4000-8000-000000000000', options: base });
    expect(session.json().details[0].field).toBe('body.session');
  });

  it('names each bad record’s row and column, and a commit with any refuses the whole file', async () => {
    const records = [
      [lake1, '2024-07-01', '5', 'no', 'forest'],
      ['', '2024-07-01', '5', '', ''],
      ['no-such-lake', '2024-07-01', '5', '', ''],
      [hidden, '2024-07-01', '5', '', ''],
      [lake1, '01/07/2024', '5', '', ''],
      [lake1, '', '5', '', ''],
      [lake2, '2024-07-01', 'warm', '', ''],
      [lake2, '2024-07-02', '75', '', ''],
      [lake2, '2024-07-03', '', 'maybe', ''],
      [lake2, '2024-07-04', '', '', 'bog'],
      [lake1, '2024-07-01T00:00:00Z', '6', '', ''],
      [`${n}-pond`, '2024-07-01', '1', '', ''],
    ];
    const options = { ...wideOptions(), noteColumn: null };
    const preview = (await post('observations/preview', { records, options })).json();
    expect(preview.stats).toMatchObject({ created: 1, errors: 11, observationsCreated: 3 });
    expect(preview.records.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, [{ column: 0, message: 'The object is empty' }]],
      [4, [{ column: 0, message: 'No object is named no-such-lake' }]],
      [5, [{ column: 0, message: `No object is named ${hidden}` }]],
      [6, [{ column: 1, message: '“01/07/2024” is not a date (YYYY-MM-DD) or a time with its offset (2024-05-01T12:00:00Z)' }]],
      [7, [{ column: 1, message: 'The time is empty' }]],
      [8, [{ column: 2, message: `${temp}: “warm” is not a number` }]],
      [9, [{ column: 2, message: `75 is above the maximum of ${temp}, 60 Cel` }]],
      [10, [{ column: 3, message: `${ice}: “maybe” is not yes or no (true, false, yes, no, 1, 0)` }]],
      [11, [{ column: 4, message: `${cover} takes one of forest, heath, not "bog"` }]],
      [12, [{ column: 2, message: `${temp} repeats row 2: the same object, metric and time` }]],
      [13, [{ column: 0, message: `No object is named ${n}-pond; ${n}-POND, ${n}-Pond differ from it only in case: write the name exactly` }]],
    ]);
    expect(preview.records[1]).toMatchObject({ status: 'error', operation: null, after: null });

    const long = (
      await post('observations/preview', {
        records: [
          [lake1, '2024-07-01', 'depth', '1'],
          [lake1, '2024-07-01', '', '1'],
        ],
        options: longOptions(),
      })
    ).json();
    expect(long.records.map((r: { errors: unknown[] }) => r.errors)).toEqual([
      [{ column: 2, message: `depth is not a metric of this table (it has ${[cover, ice, temp].join(', ')})` }],
      [{ column: 2, message: 'The metric is empty' }],
    ]);

    const commit = await post('observations', { records, options });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error).toBe('11 records have errors: nothing was imported. Row 3: The object is empty');
    expect(commit.json().details[0]).toEqual({ field: 'records.3.0', message: 'Row 3: The object is empty' });
    // Row 2 was fine, and is not written either.
    expect(await observations(wide.id, '&from=2024-07-01&to=2024-08-01')).toEqual([]);
  });

  it('needs sign-in, then importData or edit on the project: a project editor imports into its tables, from a session of their own', async () => {
    const body = {
      records: [[lake1, '2024-08-01', '1']],
      options: { project: project.slug, table: wide.id, objectColumn: 0, timeColumn: 1, metricColumns: { '2': temp } },
    };
    for (const path of ['observations/preview', 'observations']) {
      expect((await post(path, body, null)).statusCode).toBe(401);
      const refused = await post(path, body, stranger);
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect((await post('observations/preview', body, editor)).json().stats).toMatchObject({ created: 1 });
    expect((await post('observations', body, editor)).json().stats).toMatchObject({ created: 1 });
    // Edit on a project is no importData: the other imports stay closed.
    expect((await post('objects/preview', { records: [['X1', 'x']], options: { idColumn: 0, titleColumn: 1, objtypes: ['site'] } }, editor)).statusCode).toBe(
      403,
    );

    // Sessions: anyone signed in uploads; without importData one sees and uses only one's own.
    const file = (rows: string) => Buffer.from(`lake,time,temp\n${rows}`);
    const sendFile = (who: TestUser | null, rows: string) =>
      upload(t.app, 'POST', '/data/import/sessions', { ...as(who), file: { data: file(rows), fileName: 'lakes.csv' } });
    expect((await sendFile(null, `${lake1},2024-08-02,2\n`)).statusCode).toBe(401);
    const mine = await sendFile(editor, `${lake1},2024-08-02,2\n`);
    expect(mine.statusCode, mine.body).toBe(201);
    const own = mine.json().session.id as string;
    const theirs = (await sendFile(curator, `${lake1},2024-08-03,3\n`)).json().session.id as string;
    expect((await api(t.app, 'GET', `/data/import/sessions/${own}`, as(editor))).json().session).toMatchObject({
      id: own,
      createdBy: { username: editor.username },
      records: 1,
    });
    expect((await api(t.app, 'GET', `/data/import/sessions/${own}/records`, as(editor))).json().records).toEqual([
      { row: 2, cells: [lake1, '2024-08-02', '2'] },
    ]);
    expect((await api(t.app, 'GET', `/data/import/sessions/${own}`, as(curator))).statusCode).toBe(200);
    for (const who of [editor, stranger]) {
      const session = who === editor ? theirs : own;
      for (const [method, url] of [
        ['GET', `/data/import/sessions/${session}`],
        ['GET', `/data/import/sessions/${session}/records`],
        ['DELETE', `/data/import/sessions/${session}`],
      ] as const) {
        expect((await api(t.app, method, url, as(who))).statusCode, `${who.username} ${method} ${url}`).toBe(404);
      }
      expect((await api(t.app, 'PUT', `/data/import/sessions/${session}`, { ...as(who), body: { sheet: 'A' } })).statusCode).toBe(404);
    }
    const listed = (await api(t.app, 'GET', '/data/import/sessions', as(editor))).json().sessions as { id: string; createdBy: { username: string } }[];
    expect(listed.map((s) => s.id)).toEqual([own]);
    expect((await api(t.app, 'GET', '/data/import/sessions', as(stranger))).json().sessions).toEqual([]);
    expect((await api(t.app, 'GET', '/data/import/sessions', as(curator))).json().sessions.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining([own, theirs]),
    );

    const fromSession = (session: string) => ({ session, options: body.options });
    const committed = await post('observations', fromSession(own), editor);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().stats).toMatchObject({ created: 1, observationsCreated: 1 });
    const other = await post('observations/preview', fromSession(theirs), editor);
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0]).toEqual({ field: 'body.session', message: 'No such import session' });
    // importData uses any session (this one, imported already, answers what its commit did).
    expect((await post('observations', fromSession(own), curator)).json().stats).toMatchObject({ created: 1, observationsCreated: 1 });
    expect((await api(t.app, 'DELETE', `/data/import/sessions/${own}`, as(editor))).statusCode).toBe(204);
  });
});

describe('a large file on the embedded database', () => {
  const hourly = (object: string, n: number, from = Date.UTC(2022, 0, 1), offset = 0) =>
    Array.from({ length: n }, (_, i) => `${object},${new Date(from + i * 3_600_000).toISOString()},${temp},${(i % 30) - 5 + offset}`);
  const sendFile = async (lines: string[]) => {
    const res = await upload(t.app, 'POST', '/data/import/sessions', {
      ...as(curator),
      file: { data: Buffer.from(`object,time,metric,value\n${lines.join('\n')}\n`), fileName: 'loggers.csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().session.id as string;
  };
  /** The observations of the wide table at the hours the files below write, as a reader counts them. */
  const held = async () =>
    Number(
      (
        await api(
          t.app,
          'GET',
          `/projects/${project.slug}/datatables/${wide.id}/observations?limit=1&metric=${temp}&from=2020-01-01&to=2024-01-01`,
          as(curator),
        )
      ).headers['pagination-count'],
    );
  const importAudits = () =>
    t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'observations.import'), eq(auditLog.targetId, wide.id), gt(auditLog.createdAt, since))),
    );
  let since: Date;

  it('is committed whole; the embedded database writes it a turn at a time, answering other requests (and refusing a second commit) in between', async () => {
    since = new Date();
    // Twenty turns: a request waits a turn for each of its queued steps, so the second commit below comes while turns are left.
    const session = await sendFile([...hourly(lake1, 10_000), ...hourly(lake2, 10_000)]);
    const body = { session, options: { ...longOptions(), table: wide.id } };
    let done = false;
    const committing = api(t.app, 'POST', '/data/import/observations', { ...as(curator), headers: { accept: IMPORT_PROGRESS_TYPE }, body }).finally(
      () => (done = true),
    );
    const seen: number[] = [];
    let second: Promise<number[]> | null = null;
    // Two readers, always one waiting its turn: each turn of the import (1,000 observations) lets them in.
    const reader = async () => {
      while (!done) {
        seen.push(await held());
        // Between two turns: the same file committed again, and the session deleted.
        if (!second && seen.at(-1)! > 0 && seen.at(-1)! < 20_000)
          second = Promise.all([post('observations', body), api(t.app, 'DELETE', `/data/import/sessions/${session}`, as(curator))]).then((rs) =>
            rs.map((r) => r.statusCode),
          );
      }
    };
    await Promise.all([reader(), reader()]);
    // On a server no reader sees a part: the second commit comes once the first has ended.
    second ??= post('observations', body).then((r) => [r.statusCode]);
    const res = await committing;
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress?: { done: number }; result?: ImportPreview });
    // Progress after each thousand (a turn's on the embedded database), then the answer.
    expect(lines.slice(0, -1).map((l) => l.progress!.done)).toEqual(Array.from({ length: 21 }, (_, i) => i * 1_000));
    const result = lines.at(-1)!.result!;
    expect(result).toMatchObject({ committed: true, stats: { created: 20_000, errors: 0, observationsCreated: 20_000 } });
    expect(await held()).toBe(20_000);
    const partial = seen.filter((n) => n > 0 && n < 20_000);
    const audited = (await importAudits()).map((a) => (a.after as { written: number }).written);
    if (t.database.kind === 'embedded') {
      expect(partial.length, `counts read while importing: ${seen.join(', ')}`).toBeGreaterThan(0);
      // The same file committed while the first commit wrote it: refused, not written twice; its session kept.
      expect(await second).toEqual([409, 409]);
      expect(audited).toEqual(Array(20).fill(1_000));
    } else {
      // A server writes it in one transaction: no reader sees a part.
      expect(partial).toEqual([]);
      expect(audited).toEqual([20_000]);
      // Its second commit answers the first's.
      expect(await second).toEqual([200]);
    }
    // Committed once: again, it answers what its commit did, and writes nothing.
    const again = await post('observations', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ committed: true, stats: result.stats });
    expect(await held()).toBe(20_000);

    // A file rewriting a thousand values a turn: each turn's audit entry keeps the values it replaced.
    since = new Date();
    const rewrite = await post('observations', { session: await sendFile(hourly(lake1, 10_000, Date.UTC(2022, 0, 1), 30)), options: longOptions() });
    expect(rewrite.json().stats).toMatchObject({ updated: 10_000, observationsReplaced: 10_000 });
    const turns = (await importAudits()).map((a) => a.before as { replaced?: { number: number }[] } | null);
    if (t.database.kind === 'embedded') {
      expect(turns.map((b) => b!.replaced!.length)).toEqual(Array(10).fill(1_000));
      expect(turns.flatMap((b) => b!.replaced!.map((r) => r.number)).every((n) => n < 25)).toBe(true);
    } else expect(turns).toHaveLength(1);
  });

  it('reads a session of more records than one chunk (10,000) back in file order: a bad value in its last record is named at its row', async () => {
    const lines = hourly(lake1, 10_002, Date.UTC(2019, 0, 1));
    lines[10_001] = lines[10_001]!.replace(/,[^,]*$/, ',warm');
    const preview = await post('observations/preview', { session: await sendFile(lines), options: longOptions(), show: 'error' });
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
    expect(preview.json().stats).toMatchObject({ errors: 1, created: 10_001 });
    // The header is row 1: the 10,002nd record is row 10,003.
    expect(preview.json().records).toEqual([expect.objectContaining({ row: 10_003, errors: [{ column: 3, message: `${temp}: “warm” is not a number` }] })]);
  });

  it('refuses the rest when an object is deleted between two turns, saying how much was written; committed again, the file names the object gone', async () => {
    if (t.database.kind !== 'embedded') {
      // A server writes the file in one transaction: nothing happens between turns (the test above shows no reader sees a part).
      expect(t.database.kind).toBe('server');
      return;
    }
    const made = [await buildObject(t.app, owner, { projects: [project.slug] }), await buildObject(t.app, owner, { projects: [project.slug] })];
    // Written in series order (by object id): the first object's 19,000 in nineteen turns, the last one's 1,000 in the twentieth.
    const [first, last] = made.sort((a, b) => (a.id < b.id ? -1 : 1)) as [(typeof made)[number], (typeof made)[number]];
    const from = Date.UTC(2020, 0, 1);
    const session = await sendFile([...hourly(last.name, 1_000, from), ...hourly(first.name, 19_000, from)]);
    const body = { session, options: longOptions() };
    let settled = false;
    const committing = post('observations', body).finally(() => (settled = true));
    // Once a turn is written, the last object goes: its turn comes many turns later (each read waits for a turn).
    while (!settled && (await held()) <= 20_000);
    expect((await api(t.app, 'DELETE', `/data/obj/${last.name}`, as(owner))).statusCode).toBe(204);
    const res = await committing;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(409);
    expect(res.json().error).toBe('19000 of 20000 observations were written, the rest not: An object of the file was deleted or hidden while it was imported');
    expect(await held()).toBe(20_000 + 19_000);
    // Not marked committed: committed again, it is planned again, and the record of the object gone is named.
    const again = await post('observations', body);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(last.name);
  });
});
