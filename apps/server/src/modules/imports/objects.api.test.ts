import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PROGRESS_TYPE } from '@observatory/shared';
import { auditLog } from '../../db/schema/index.js';
import { buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, upload, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let curator: TestUser;
let researcher: TestUser;
let project: { slug: string };
let neon: Buffer;

/** NEON's columns: field_site_id, field_site_name, field_latitude, field_longitude, field_mean_elevation_m. */
const ID = 1;
const NAME = 2;
const LAT = 19;
const LON = 20;
const ELEVATION = 28;

beforeAll(async () => {
  t = await startTestApp();
  curator = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  researcher = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  project = await buildProject(t.app, curator);
  neon = await readFile(new URL('../../../test/fixtures/neon_field_sites.csv', import.meta.url));
});
afterAll(() => t.close());

const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const siteOptions = () => ({
  idColumn: ID,
  titleColumn: NAME,
  setLocation: true,
  latColumn: LAT,
  lonColumn: LON,
  objtypes: ['site'],
  projects: [project.slug],
  metadataColumns: { [String(ELEVATION)]: 'elevation' },
});
const post = (path: string, body: unknown, who: TestUser | null = curator) => api(t.app, 'POST', `/data/import/${path}`, { ...as(who), body });

describe('importing objects', () => {
  let session: string;
  beforeAll(async () => {
    const res = await upload(t.app, 'POST', '/data/import/sessions', { token: curator.token, file: { data: neon, fileName: 'neon_field_sites.csv' } });
    session = res.json().session.id;
  });

  it('imports the NEON field sites as sites with locations and metadata, as its preview said, once; the same file again changes nothing', async () => {
    const preview = await post('objects/preview', { session, options: siteOptions() });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total: 81, committed: false, stats: { created: 81, updated: 0, unchanged: 0, errors: 0 } });
    expect(preview.json().records[0]).toMatchObject({ row: 2, name: 'ABBY', status: 'ok', operation: 'create', errors: [], before: null });

    const commit = await post('objects', { session, options: siteOptions() });
    expect(commit.statusCode, commit.body).toBe(200);
    expect({ ...commit.json(), committed: false }).toEqual(preview.json());

    const abby = (await api(t.app, 'GET', '/data/obj/ABBY')).json().obj;
    expect(abby).toMatchObject({ title: 'Abby Road NEON', metadata: { elevation: 365 }, geo: { type: 'Point', coordinates: [-122.33032, 45.762439] } });
    expect(abby.types.map((x: { slug: string }) => x.slug)).toEqual(['site']);
    expect(abby.projects.map((p: { slug: string }) => p.slug)).toEqual([project.slug]);
    // Every western longitude starts with a minus.
    expect((await api(t.app, 'GET', '/data/obj/BARR')).json().obj.geo.coordinates[0]).toBeLessThan(-150);
    // The place an import gave is kept as the site's first HistoricalLocation (SensorThings), at its Location.
    const placed = (await api(t.app, 'GET', `/sta/v1.1/Things('${abby.id}')/HistoricalLocations?$expand=Locations`)).json().value;
    expect(placed.map((h: { Locations: { '@iot.id': string }[] }) => h.Locations.map((l) => l['@iot.id']))).toEqual([[abby.id]]);

    // The session committed again (a second click, a retry): its commit's answer, nothing run twice.
    const again = await post('objects', { session, options: siteOptions() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ stats: commit.json().stats, records: [], total: 81, matching: 0, page: 1, pages: 1, committed: true });
    const listed = (await api(t.app, 'GET', '/data/import/sessions', as(curator))).json().sessions.find((s: { id: string }) => s.id === session);
    expect(listed).toMatchObject({
      kind: 'objects',
      options: { idColumn: ID, titleColumn: NAME, objtypes: ['site'] },
      stats: { created: 81, unchanged: 0 },
      committedAt: expect.any(String),
    });
    // The same file uploaded again changes nothing.
    const reupload = await upload(t.app, 'POST', '/data/import/sessions', { token: curator.token, file: { data: neon, fileName: 'neon_field_sites.csv' } });
    const second = await post('objects', { session: reupload.json().session.id, options: siteOptions() });
    expect(second.json().stats).toMatchObject({ created: 0, updated: 0, unchanged: 81, errors: 0 });
  });

  it('counts what a changed file updates: metadata, a location moved past the threshold, not one within it', async () => {
    const header = ['id', 'name', 'lat', 'lon', 'elevation'];
    const width = header.length;
    const options = { ...siteOptions(), idColumn: 0, titleColumn: 1, latColumn: 2, lonColumn: 3, metadataColumns: { '4': 'elevation' } };
    const records = [
      ['ABBY', 'Abby Road NEON', '45.762439', '-122.33032', '400'],
      ['BARR', 'Utqiaġvik NEON', '71.28241', String(-156.61936 + 0.000009), ''],
      ['BART', 'Bartlett Experimental Forest NEON', '44.063889', String(-71.287375 + 0.00002), ''],
    ];
    expect(records.every((r) => r.length === width)).toBe(true);
    const preview = (await post('objects/preview', { records, options })).json();
    expect(preview.stats).toMatchObject({ created: 0, updated: 2, unchanged: 1, metadataChanged: 1, locationChanged: 1, errors: 0 });
    expect(preview.records.map((r: { operation: string }) => r.operation)).toEqual(['update', 'none', 'update']);
    expect((await post('objects', { records, options })).json().stats).toEqual(preview.stats);
    expect((await api(t.app, 'GET', '/data/obj/ABBY')).json().obj.metadata.elevation).toBe(400);
  });

  it('names each bad cell’s row and column, and a commit with any refuses the whole file', async () => {
    const options = {
      ...siteOptions(),
      idColumn: 0,
      titleColumn: 1,
      latColumn: 2,
      lonColumn: 3,
      metadataColumns: { '4': 'elevation', '5': 'habitat', '6': 'siteCode' },
    };
    const fresh = unique('new-site-');
    const records = [
      [fresh, 'A new site', '46.5', '-7.25', '1200', 'alpine', '=1+1'],
      ['ok-1', 'North', 'north', '8', '', '', ''],
      ['ok-2', 'Far', '95', '8', '', '', ''],
      ['ok-3', 'Half', '', '8', '', '', ''],
      ['ok-4', 'High', '46', '8', 'high', '', ''],
      ['ok-5', 'Bog', '46', '8', '', 'bog', ''],
      [fresh, 'Twice', '46', '8', '', '', ''],
      ['', 'Nameless', '46', '8', '', '', ''],
    ];
    const preview = (await post('objects/preview', { records, options })).json();
    expect(preview.stats).toMatchObject({ created: 1, errors: 7 });
    const errors = preview.records.map((r: { row: number; errors: { column: number | null; message: string }[] }) => [r.row, r.errors]);
    expect(errors).toEqual([
      [2, []],
      [3, [{ column: 2, message: '“north” is not a latitude' }]],
      [4, [{ column: 2, message: '95 is not a latitude: it runs from -90 to 90' }]],
      [5, [{ column: 2, message: 'The latitude is empty (give both, or neither)' }]],
      [6, [{ column: 4, message: 'elevation: “high” is not a number' }]],
      [7, [{ column: 5, message: 'habitat: “bog” is not one of forest, grassland, wetland, alpine, tundra, river, lake, agricultural, urban' }]],
      [8, [{ column: 0, message: `The id ${fresh} repeats row 2` }]],
      [9, [{ column: 0, message: 'The id is empty' }]],
    ]);
    // A formula is text, kept as written.
    expect(preview.records[0].after.metadata).toEqual({ elevation: 1200, habitat: 'alpine', siteCode: '=1+1' });

    const commit = await post('objects', { records, options });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error).toMatch(/^7 records have errors: nothing was imported\. Row 3: “north” is not a latitude$/);
    expect(commit.json().details[0]).toEqual({ field: 'records.3.2', message: 'Row 3: “north” is not a latitude' });
    expect((await api(t.app, 'GET', `/data/obj/${fresh}`)).statusCode).toBe(404);
  });

  it('without an id column creates every record, named from its title', async () => {
    const options = { titleColumn: 0, objtypes: ['site'], projects: [project.slug] };
    const records = [['Dry meadow'], ['Dry meadow']];
    const first = (await post('objects', { records, options })).json();
    expect(first.stats).toMatchObject({ created: 2 });
    const [a, b] = first.records.map((r: { name: string }) => r.name);
    expect(a).toMatch(/^dry-meadow/);
    expect(b).not.toBe(a);
    const again = (await post('objects', { records, options })).json();
    expect(again.stats).toMatchObject({ created: 2 });
    expect(again.records.map((r: { name: string }) => r.name)).not.toContain(a);
  });

  it('answers the records a view asks for, a page of a session’s; a commit asked for progress streams it, then its result', async () => {
    const prefix = unique('paged-');
    const rows = Array.from({ length: 250 }, (_, i) => `${prefix}-${i + 1},Paged site ${i + 1},${i % 100 === 7 ? 'north' : '46.5'},8`);
    const file = Buffer.from(['id,title,lat,lon', ...rows].join('\r\n'));
    const id = (await upload(t.app, 'POST', '/data/import/sessions', { token: curator.token, file: { data: file, fileName: 'paged.csv' } })).json().session.id;
    const options = { idColumn: 0, titleColumn: 1, setLocation: true, latColumn: 2, lonColumn: 3, objtypes: ['site'] };

    const firstPage = (await post('objects/preview', { session: id, options })).json();
    expect(firstPage).toMatchObject({ total: 250, matching: 250, page: 1, pages: 3, stats: { created: 247, errors: 3 } });
    expect(firstPage.records).toHaveLength(100);
    const last = (await post('objects/preview', { session: id, options, page: 3 })).json();
    expect(last.records.map((r: { row: number }) => r.row)).toEqual(Array.from({ length: 50 }, (_, i) => 202 + i));
    const errors = (await post('objects/preview', { session: id, options, show: 'error' })).json();
    expect(errors).toMatchObject({ matching: 3, pages: 1, stats: firstPage.stats });
    expect(errors.records.map((r: { row: number; errors: { column: number }[] }) => [r.row, r.errors[0]!.column])).toEqual([
      [9, 2],
      [109, 2],
      [209, 2],
    ]);
    // Records sent in the body are answered all at once.
    const own = (
      await post('objects/preview', {
        records: [
          ['a-1', 'A'],
          ['a-2', 'B'],
        ],
        options: { idColumn: 0, titleColumn: 1, objtypes: ['site'] },
        show: 'create',
      })
    ).json();
    expect(own).toMatchObject({ matching: 2, page: 1, pages: 1 });

    const streamed = { headers: { accept: IMPORT_PROGRESS_TYPE } };
    // Refused before it writes: a plain error answer.
    const refused = await api(t.app, 'POST', '/data/import/objects', { ...as(curator), ...streamed, body: { session: id, options } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^3 records have errors/);

    const fixed = { ...options, setLocation: false };
    const commit = await api(t.app, 'POST', '/data/import/objects', { ...as(curator), ...streamed, body: { session: id, options: fixed, show: 'update' } });
    expect(commit.statusCode).toBe(200);
    expect(commit.headers['content-type']).toContain(IMPORT_PROGRESS_TYPE);
    const lines = commit.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, -1)).toEqual([{ progress: { phase: 'writing', done: 0, total: 250 } }, { progress: { phase: 'writing', done: 250, total: 250 } }]);
    expect(lines.at(-1).result).toMatchObject({ committed: true, stats: { created: 250, errors: 0 }, matching: 0, records: [] });
    expect((await api(t.app, 'GET', `/data/obj/${prefix}-250`)).json().obj.title).toBe('Paged site 250');
  });

  it('imports a session once: two commits at once write it once and answer alike; the history keeps what the commit did', async () => {
    const prefix = unique('once-');
    const file = Buffer.from(['id,title', ...[1, 2, 3].map((i) => `${prefix}-${i},Once ${i}`)].join('\r\n'));
    const id = (await upload(t.app, 'POST', '/data/import/sessions', { token: curator.token, file: { data: file, fileName: 'once.csv' } })).json().session.id;
    const options = { idColumn: 0, titleColumn: 1, objtypes: ['site'] };
    const [a, b] = await Promise.all([post('objects', { session: id, options }), post('objects', { session: id, options })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().stats).toMatchObject({ created: 3, unchanged: 0 });
    expect(b.json().stats).toEqual(a.json().stats);
    // One run: one audit entry of the import.
    const runs = await t.database.use((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'import.objects'), eq(auditLog.targetId, id))),
    );
    expect(runs).toHaveLength(1);
    const listed = (await api(t.app, 'GET', '/data/import/sessions', as(curator))).json().sessions.find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ kind: 'objects', stats: { created: 3, unchanged: 0 } });

    // Asked as another import, or with other options: refused, naming what it was imported as.
    for (const [path, body] of [
      ['objects', { session: id, options: { ...options, objtypes: [] } }],
      ['object_rels', { session: id, options: { idColumn: 0, relColumns: { site: 1 } } }],
    ] as const) {
      const other = await post(path, body);
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json()).toMatchObject({
        code: 'CONFLICT',
        details: [{ field: 'body.session' }],
        error: expect.stringMatching(/imported already, as objects/),
      });
    }
  });

  it('refuses options that name what is not there, and needs importData', async () => {
    const records = [['X1', 'x']];
    const refused = async (options: object, field: string, message: RegExp) => {
      const res = await post('objects/preview', { records, options: { idColumn: 0, titleColumn: 1, objtypes: ['site'], ...options } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0]).toEqual({ field, message: expect.stringMatching(message) });
    };
    await refused({ objtypes: ['no-such-type'] }, 'body.options.objtypes', /Unknown object type: no-such-type/);
    await refused({ projects: ['no-such-project'] }, 'body.options.projects', /No such project/);
    await refused({ titleColumn: 7 }, 'body.options.titleColumn', /has 2 columns: there is no column 7/);
    await refused({ setLocation: true }, 'body.options.latColumn', /Choose the latitude and longitude/);
    expect((await post('objects/preview', { session: '00000000-0000-4000-8000-000000000000', options: {} })).json().details[0].field).toBe('body.session');
    for (const path of ['objects/preview', 'objects']) {
      expect((await post(path, { records, options: { idColumn: 0 } }, null)).statusCode).toBe(401);
      expect((await post(path, { records, options: { idColumn: 0 } }, researcher)).statusCode).toBe(403);
    }
    expect((await api(t.app, 'GET', '/data/obj/X1')).statusCode).toBe(404);
  });
});
