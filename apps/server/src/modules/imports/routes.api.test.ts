import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, upload, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let curator: TestUser;
let researcher: TestUser;
let neon: Buffer;

beforeAll(async () => {
  t = await startTestApp({ imports: { maxBytes: 200_000, maxInflatedBytes: 1_000_000, maxRows: 1000 } });
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  researcher = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  neon = await readFile(new URL('../../../test/fixtures/neon_field_sites.csv', import.meta.url));
});
afterAll(() => t.close());

const send = (data: Buffer, who: TestUser | null = curator, fileName = 'sites.csv') =>
  upload(t.app, 'POST', '/data/import/sessions', { ...(who ? { token: who.token } : {}), file: { data, fileName } });

describe('import sessions', () => {
  it('decode an uploaded CSV into columns, a sample and its records, paged with their rows in the file', async () => {
    const res = await send(neon, curator, 'NEON_Field_Site_Metadata_20220412.csv');
    expect(res.statusCode, res.body).toBe(201);
    const { session } = res.json();
    expect(session).toMatchObject({
      fileName: 'NEON_Field_Site_Metadata_20220412.csv',
      size: neon.length,
      format: 'csv',
      sheets: [],
      sheet: null,
      records: 81,
      kind: null,
      createdBy: { username: curator.username },
    });
    expect(session.columns[1]).toEqual({ index: 1, header: 'field_site_id' });
    expect(session.sample).toHaveLength(5);
    expect(session.sample[0][1]).toBe('ABBY');
    expect((await api(t.app, 'GET', `/data/import/sessions/${session.id}`, { token: curator.token })).json().session).toEqual(session);

    const page = await api(t.app, 'GET', `/data/import/sessions/${session.id}/records?limit=50&p=2`, { token: curator.token });
    expect(page.headers['pagination-count']).toBe('81');
    expect(page.json().records).toHaveLength(31);
    expect(page.json().records[0].row).toBe(52);
    const listed = (await api(t.app, 'GET', '/data/import/sessions', { token: curator.token })).json().sessions;
    expect(listed[0]).toMatchObject({ id: session.id, fileName: 'NEON_Field_Site_Metadata_20220412.csv', records: 81 });
  });

  it('read a workbook’s first sheet, then the one chosen', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Readme').addRows([['about'], ['the sites']]);
    book.addWorksheet('Sites').addRows([
      ['id', 'lat'],
      ['S1', -12.5],
      ['S2', 3],
    ]);
    const res = await send(Buffer.from(await book.xlsx.writeBuffer()), curator, 'sites.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    const { session } = res.json();
    expect(session).toMatchObject({ format: 'xlsx', sheets: ['Readme', 'Sites'], sheet: 'Readme', records: 1 });
    const chosen = await api(t.app, 'PUT', `/data/import/sessions/${session.id}`, { token: curator.token, body: { sheet: 'Sites' } });
    expect(chosen.json().session).toMatchObject({
      sheet: 'Sites',
      records: 2,
      columns: [
        { index: 0, header: 'id' },
        { index: 1, header: 'lat' },
      ],
      sample: [
        ['S1', '-12.5'],
        ['S2', '3'],
      ],
    });
    const missing = await api(t.app, 'PUT', `/data/import/sessions/${session.id}`, { token: curator.token, body: { sheet: 'Plots' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'sheet', message: 'There is no sheet “Plots”: the workbook has Readme, Sites.' }]);
    expect((await api(t.app, 'GET', `/data/import/sessions/${session.id}`, { token: curator.token })).json().session.sheet).toBe('Sites');
  });

  it('refuse what is not a table, a file without records and one over the limits, keeping nothing', async () => {
    const before = (await api(t.app, 'GET', '/data/import/sessions', { token: curator.token })).json().sessions.length;
    const refused = async (data: Buffer, status: number, message: RegExp) => {
      const res = await send(data);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(message);
      expect(res.json().details[0].field).toBe('file');
    };
    await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 400, /PNG image, not a table/);
    await refused(Buffer.from('id,name\n'), 400, /^Imported file contains no records\.$/);
    await refused(Buffer.concat([Buffer.from('id\n'), Buffer.alloc(200_001, 'a')]), 413, /larger than the limit/);
    await refused(Buffer.from(`id\n${'x\n'.repeat(1001)}`), 400, /1001 records, more than the limit of 1000/);
    expect((await api(t.app, 'GET', '/data/import/sessions', { token: curator.token })).json().sessions).toHaveLength(before);
  });

  it('need sign-in; without importData only one’s own (another’s is a 404); an unknown session is a 404; a discarded one is gone', async () => {
    expect((await send(neon, null)).statusCode).toBe(401);
    const own = (await send(neon, researcher)).json().session;
    expect(own.createdBy).toEqual({ username: researcher.username });
    const { session } = (await send(neon)).json();
    for (const [method, url] of [
      ['GET', `/data/import/sessions/${session.id}`],
      ['GET', `/data/import/sessions/${session.id}/records`],
      ['GET', '/data/import/sessions'],
      ['DELETE', `/data/import/sessions/${session.id}`],
    ] as const) {
      expect((await api(t.app, method, url)).statusCode, url).toBe(401);
      expect((await api(t.app, method, url, { token: researcher.token })).statusCode, url).toBe(url === '/data/import/sessions' ? 200 : 404);
    }
    expect((await api(t.app, 'PUT', `/data/import/sessions/${session.id}`, { token: researcher.token, body: { sheet: 'A' } })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', '/data/import/sessions', { token: researcher.token })).json().sessions.map((s: { id: string }) => s.id)).toEqual([own.id]);
    expect((await api(t.app, 'GET', `/data/import/sessions/${own.id}`, { token: researcher.token })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', '/data/import/sessions/00000000-0000-4000-8000-000000000000', { token: curator.token })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', '/data/import/sessions/not-an-id', { token: curator.token })).json().details[0].field).toBe('params.id');
    expect((await api(t.app, 'DELETE', `/data/import/sessions/${session.id}`, { token: curator.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/import/sessions/${session.id}`, { token: curator.token })).statusCode).toBe(404);
  });
});
