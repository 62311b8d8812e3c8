import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let curator: TestUser;
let researcher: TestUser;
const n = unique('rel-');
const [propertyA, propertyB, site1, site2, site3] = ['prop-a', 'prop-b', 'site-1', 'site-2', 'site-3'].map((x) => `${n}-${x}`) as [
  string,
  string,
  string,
  string,
  string,
];

beforeAll(async () => {
  t = await startTestApp();
  curator = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  researcher = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const created = await api(t.app, 'POST', '/data/import/objects', {
    token: curator.token,
    body: { records: [propertyA, propertyB, site1, site2, site3].map((name) => [name, name]), options: { idColumn: 0, titleColumn: 1, objtypes: ['site'] } },
  });
  expect(created.json().stats).toMatchObject({ created: 5 });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who: TestUser | null = curator) =>
  api(t.app, 'POST', `/data/import/${path}`, { ...(who ? { token: who.token } : {}), body });
const parentOf = async (name: string) => (await api(t.app, 'GET', `/data/obj/${name}`)).json().obj.parent?.name ?? null;
const options = (removeEmptyRels = false) => ({ idColumn: 0, relColumns: { site: 1 }, removeEmptyRels });

describe('importing relations', () => {
  it('sets each object’s site as its preview said; the same file again changes nothing', async () => {
    const records = [
      [site1, propertyA],
      [site2, propertyA],
      [site3, ''],
    ];
    const preview = (await post('object_rels/preview', { records, options: options() })).json();
    expect(preview.stats).toEqual({ created: 0, updated: 2, unchanged: 1, errors: 0, relationsAdded: 2, relationsChanged: 0, relationsRemoved: 0 });
    expect(preview.records[0]).toMatchObject({ row: 2, name: site1, operation: 'update', before: { site: null }, after: { site: propertyA } });
    const commit = (await post('object_rels', { records, options: options() })).json();
    expect({ ...commit, committed: false }).toEqual(preview);
    expect(await parentOf(site1)).toBe(propertyA);
    expect((await post('object_rels', { records, options: options() })).json().stats).toMatchObject({ updated: 0, unchanged: 3 });
  });

  it('moves a site, and with removeEmptyRels an empty cell removes it', async () => {
    const records = [
      [site1, propertyB],
      [site2, ''],
    ];
    expect((await post('object_rels/preview', { records, options: options() })).json().stats).toMatchObject({ updated: 1, unchanged: 1, relationsChanged: 1 });
    const stats = (await post('object_rels', { records, options: options(true) })).json().stats;
    expect(stats).toMatchObject({ updated: 2, relationsChanged: 1, relationsRemoved: 1 });
    expect([await parentOf(site1), await parentOf(site2)]).toEqual([propertyB, null]);
  });

  it('names what is missing, repeated or a loop, and a commit with any refuses the whole file', async () => {
    const records = [
      [propertyB, site1],
      ['no-such-object', propertyA],
      [site3, 'no-such-site'],
      [site3, site3],
      [site2, site2],
      ['', propertyA],
    ];
    const preview = (await post('object_rels/preview', { records, options: options() })).json();
    expect(preview.records.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors])).toEqual([
      [2, [{ column: 1, message: `${propertyB} would be inside its own site: parents cannot form a loop` }]],
      [3, [{ column: 0, message: 'No object is named no-such-object' }]],
      [4, [{ column: 1, message: 'No object is named no-such-site' }]],
      [
        5,
        [
          { column: 0, message: `The id ${site3} repeats row 4` },
          { column: 1, message: 'An object cannot be its own site' },
        ],
      ],
      [6, [{ column: 1, message: 'An object cannot be its own site' }]],
      [7, [{ column: 0, message: 'The id is empty' }]],
    ]);
    const commit = await post('object_rels', { records: [[site3, propertyA], ...records], options: options() });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().details[0]).toEqual({ field: 'records.3.1', message: `Row 3: ${propertyB} would be inside its own site: parents cannot form a loop` });
    expect(await parentOf(site3)).toBeNull();
  });

  it('refuses options without a relation column or past the file, and needs importData', async () => {
    const records = [[site1, propertyA]];
    const bad = await post('object_rels/preview', { records, options: { idColumn: 0 } });
    expect(bad.json().details[0]).toEqual({ field: 'body.options.relColumns', message: 'Choose the column of at least one relation (Site)' });
    expect((await post('object_rels/preview', { records, options: { idColumn: 0, relColumns: { site: 5 } } })).json().details[0].field).toBe(
      'body.options.relColumns.site',
    );
    for (const path of ['object_rels/preview', 'object_rels']) {
      expect((await post(path, { records, options: options() }, null)).statusCode).toBe(401);
      expect((await post(path, { records, options: options() }, researcher)).statusCode).toBe(403);
    }
  });
});
