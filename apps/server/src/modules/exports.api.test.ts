import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataTable, buildMetric, buildObject, buildProject, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, unique, uniqueIp, type TestApp } from '../../test/harness.js';
import { describeWithTool, PYTHON, runTool } from '../../test/tools.js';
import { parseCsv } from '../lib/csv.js';
import { XLSX_TYPE } from '../lib/xlsx.js';

/**
 * Every table export (objects, the sandbox's result, a data table's observations) as CSV
 * and XLSX, read back by real readers: Python's csv module in strict mode, and exceljs.
 * Cells hold quotes, commas, line breaks and text a spreadsheet would run as a formula.
 */

let t: TestApp;
let owner: TestUser;
let project: { slug: string };
let table: { id: string };
const metric = unique('depth-');
const TITLE = 'Lake "north", west\nshore';
const CODE = '=1+1, "a"\nb';
const NOTE = '=cmd|\' /C calc\'!A0, "quoted"\r\nsecond line';
let site: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  await buildMetric(t.app, curator, { name: metric, title: 'Depth', unit: 'm' });
  project = await buildProject(t.app, owner);
  site = unique('tricky-');
  await buildObject(t.app, owner, {
    name: site,
    title: TITLE,
    projects: [project.slug],
    metadata: { siteCode: CODE, habitat: 'lake', elevation: -12.5 },
    geo: { type: 'Point', coordinates: [-105.5, 40.1] },
  });
  const square = [
    [
      [8, 47],
      [8.1, 47],
      [8.1, 47.1],
      [8, 47],
    ],
  ];
  await buildObject(t.app, owner, {
    title: 'A polygon',
    projects: [project.slug],
    metadata: { habitat: 'lake' },
    geo: { type: 'Polygon', coordinates: square },
  });
  table = await buildDataTable(t.app, owner, project.slug, { title: 'Depths', metrics: [metric] });
  const observations = [
    { object: site, metric, time: '2024-06-01T10:30:00Z', value: 3.25, note: NOTE },
    { object: site, metric, time: '2024-07-01', value: -1 },
  ];
  const written = await api(t.app, 'POST', `/projects/${project.slug}/datatables/${table.id}/observations`, { token: owner.token, body: { observations } });
  expect(written.statusCode, written.body).toBe(200);
});
afterAll(() => t.close());

type Format = 'csv' | 'xlsx';
/** Each export, its query string given: its answer. */
const EXPORTS = {
  objects: (format: Format, options = '') => api(t.app, 'GET', `/data/obj?project=${project.slug}&format=${format}${options}`, { token: owner.token }),
  sandbox: (format: Format, options = '') =>
    api(t.app, 'POST', `/sandbox/export?format=${format}${options}`, {
      token: owner.token,
      ip: uniqueIp(),
      body: { projects: [project.slug], types: ['site'] },
    }),
  observations: (format: Format, options = '') =>
    api(t.app, 'GET', `/projects/${project.slug}/datatables/${table.id}/observations.${format}?${options.slice(1)}`, { token: owner.token }),
};
type Export = keyof typeof EXPORTS;

/** The cell of the tricky object's row (or its first observation) under `column`. */
const cellOf = (rows: unknown[][], column: string) => {
  const [header, ...records] = rows as string[][];
  const row = records.find((r) => r[0] === site)!;
  return row[header!.indexOf(column)];
};

/** What each export's tricky cells hold, by column. */
const TRICKY: Record<Export, [string, string][]> = {
  objects: [
    ['title', TITLE],
    ['siteCode', CODE],
  ],
  sandbox: [
    ['title', TITLE],
    ['siteCode', CODE],
  ],
  observations: [
    ['title', TITLE],
    ['note', NOTE],
  ],
};

/** Python's csv module, strict, reading the bytes as a file opened with newline='' (a byte-order mark taken off). */
const READ_STRICT = `
import csv, io, json, sys
rows = list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8-sig', newline=''), strict=True))
print(json.dumps(rows))
`;
const pythonRows = (bytes: Buffer): string[][] => {
  const run = runTool('python3', ['-c', READ_STRICT], bytes);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
};

describeWithTool(PYTHON, 'CSV exports read by Python’s csv module (strict)', () => {
  for (const name of Object.keys(EXPORTS) as Export[]) {
    it(`${name}: every row has the header’s fields; quotes, commas and line breaks read back; the guard’s ' before a formula`, async () => {
      const res = await EXPORTS[name]('csv');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.rawPayload.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
      const rows = pythonRows(res.rawPayload);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
      for (const [column, text] of TRICKY[name]) expect(cellOf(rows, column)).toBe(text.startsWith('=') ? `'${text}` : text);
      if (name !== 'observations')
        expect(rows[0]!.slice(3, 6)).toEqual(name === 'objects' ? ['projects', 'parent', 'visibility'] : ['longitude', 'latitude', 'geometry']);
    });

    it(`${name}: formulaGuard=off writes every text as it is; bom=1 starts with a UTF-8 byte-order mark`, async () => {
      const res = await EXPORTS[name]('csv', '&formulaGuard=off&bom=1');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
      const rows = pythonRows(res.rawPayload);
      for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
      for (const [column, text] of TRICKY[name]) expect(cellOf(rows, column)).toBe(text);
    });
  }
});

/** The first sheet as rows of exceljs's values. */
async function sheetRows(bytes: Buffer): Promise<ExcelJS.CellValue[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

describe('XLSX exports read back with exceljs', () => {
  for (const name of Object.keys(EXPORTS) as Export[]) {
    it(`${name}: the CSV’s header and rows, text as it is (a text cell is never a formula), numbers as numbers`, async () => {
      const res = await EXPORTS[name]('xlsx');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_TYPE);
      expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
      const rows = await sheetRows(res.rawPayload);
      const csv = await EXPORTS[name]('csv', '&formulaGuard=off');
      const csvRows = parseCsv(csv.body);
      expect(rows[0]).toEqual(csvRows[0]);
      expect(rows).toHaveLength(csvRows.length);
      // Line breaks as Excel has them in a cell: a line feed.
      for (const [column, text] of TRICKY[name]) expect(cellOf(rows, column)).toBe(text.replace(/\r\n/g, '\n'));
      if (name === 'observations') {
        expect(cellOf(rows, 'value')).toBe(3.25);
        expect(cellOf(rows, 'time')).toEqual(new Date('2024-06-01T10:30:00Z'));
      } else {
        expect(cellOf(rows, 'longitude')).toBe(-105.5);
        expect(JSON.parse(cellOf(rows, 'geometry') as string)).toEqual({ type: 'Point', coordinates: [-105.5, 40.1] });
        expect(cellOf(rows, 'elevation')).toBe(-12.5);
      }
    });
  }
});

describe('export options', () => {
  for (const name of Object.keys(EXPORTS) as Export[]) {
    it(`${name}: an unknown option or value is a 400 naming it`, async () => {
      const unknownOption = await EXPORTS[name]('csv', '&formulaguard=off');
      expect(unknownOption.statusCode).toBe(400);
      expect(unknownOption.json().details).toContainEqual({ field: 'querystring.formulaguard', message: 'Not a field here: formulaguard' });
      const badValue = await EXPORTS[name]('xlsx', '&bom=yes');
      expect(badValue.statusCode).toBe(400);
      expect(badValue.json().details[0].field).toBe('querystring.bom');
    });
  }
});
