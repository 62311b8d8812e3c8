import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.js';
import { decodeTable, NO_RECORDS, type ImportLimits } from './decode.js';

const LIMITS: ImportLimits = { maxBytes: 50 * 1024 * 1024, maxInflatedBytes: 300 * 1024 * 1024, maxRows: 100_000 };
const decode = (text: string | Buffer, limits = LIMITS, sheet?: string) => decodeTable(typeof text === 'string' ? Buffer.from(text) : text, limits, sheet);
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { message: string; details?: { field: string }[] },
  );
  expect(error, 'refused').not.toBeNull();
  return error!;
};

async function workbook(fill: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('CSV and TSV', () => {
  it('take the header row as columns, naming an empty header "Column N", and the rows after it as records', async () => {
    const table = await decode('id,,name\r\nA1,x,"Lake, north"\r\nA2,,"two\r\nlines"');
    expect(table.format).toBe('csv');
    expect(table.columns).toEqual([
      { index: 0, header: 'id' },
      { index: 1, header: 'Column 2' },
      { index: 2, header: 'name' },
    ]);
    expect(table.records).toEqual([
      ['A1', 'x', 'Lake, north'],
      ['A2', '', 'two\r\nlines'],
    ]);
  });

  it('detect semicolons and tabs, and pad short rows', async () => {
    expect((await decode('a;b\n1,5;2\n3')).records).toEqual([
      ['1,5', '2'],
      ['3', ''],
    ]);
    const tsv = await decode('a\tb\n1\t2\n');
    expect(tsv.format).toBe('tsv');
    expect(tsv.records).toEqual([['1', '2']]);
  });

  it('read UTF-8 with or without its byte-order mark, UTF-16 with one, and Windows-1252', async () => {
    const expected = [['Zürich', '−3 °C']];
    expect((await decode(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('site,t\nZürich,−3 °C')]))).records).toEqual(expected);
    expect((await decode('site,t\nZürich,−3 °C')).columns[0]!.header).toBe('site');
    expect((await decode(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('site,t\nZürich,−3 °C', 'utf16le')]))).records).toEqual(expected);
    expect((await decode(Buffer.from([...Buffer.from('site\n'), 0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x20, 0x80]))).records).toEqual([['Zürich €']]);
  });

  it('refuse a file of fewer than two rows with the spec’s words', async () => {
    for (const text of ['', 'id,name', 'id,name\r\n', 'id,name\n,\n']) expect((await refusal(decode(text))).message).toBe(NO_RECORDS);
  });

  it('refuse an unclosed quote, naming its row, and more records than the limit', async () => {
    expect(await refusal(decode('a,b\n1,"open\n'))).toMatchObject({ message: expect.stringMatching(/^Row 2: a quoted field is not closed/) });
    expect((await refusal(decode('a\n1\n2\n3', { ...LIMITS, maxRows: 2 }))).message).toMatch(/3 records, more than the limit of 2/);
  });

  it('read the real NEON field sites: 81 records of 54 columns, CRLF, quoted commas', async () => {
    const table = await decode(await readFile(new URL('../../../test/fixtures/neon_field_sites.csv', import.meta.url)));
    expect(table.records).toHaveLength(81);
    expect(table.columns).toHaveLength(54);
    const column = (header: string) => table.columns.find((c) => c.header === header)!.index;
    const abby = table.records.find((r) => r[column('field_site_id')] === 'ABBY')!;
    expect(Number(abby[column('field_longitude')])).toBeLessThan(0);
    expect(table.records.every((r) => r.length === 54)).toBe(true);
  });
});

describe('what is not a table', () => {
  it('is refused with what it seems to be', async () => {
    expect((await refusal(decode(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])))).message).toMatch(/^This is a PNG image, not a table/);
    expect((await refusal(decode(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1])))).message).toMatch(/old Excel \(\.xls\)/);
    expect((await refusal(decode(Buffer.from([1, 2, 0, 3, 4, 5])))).message).toMatch(/binary data, not a table/);
    expect((await refusal(decode(Buffer.from('PK\u0003\u0004 broken')))).message).toMatch(/ZIP archive cannot be read/);
  });

  it('a ZIP archive without a workbook in it is refused', async () => {
    // An XLSX with its workbook part renamed is a ZIP archive that holds no workbook.
    const bytes = await workbook((book) => book.addWorksheet('A').addRow(['a']));
    const renamed = Buffer.from(bytes.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'), 'latin1');
    expect((await refusal(decode(renamed))).message).toMatch(/^This is a ZIP archive, not an XLSX workbook/);
  });
});

describe('XLSX', () => {
  const book = () =>
    workbook((b) => {
      b.addWorksheet('Notes').addRows([['read me'], ['nothing here']]);
      const sites = b.addWorksheet('Sites');
      sites.addRow(['id', '', 'sampled', 'depth', 'name', 'total']);
      sites.addRow([
        'S1',
        'x',
        new Date(Date.UTC(2024, 4, 1)),
        -1.5,
        { richText: [{ text: 'Lake ' }, { font: { bold: true }, text: 'north' }] },
        { formula: 'D2*2', result: -3 },
      ]);
      sites.addRow([]);
      sites.addRow(['S2', '', new Date(Date.UTC(2024, 4, 2, 13, 30)), 2, 'Bog', null]);
    });

  it('lists its sheets and reads the first, or the one chosen: dates, numbers, rich text, formulas’ results, empty rows', async () => {
    const bytes = await book();
    const first = await decode(bytes);
    expect(first).toMatchObject({ format: 'xlsx', sheets: ['Notes', 'Sites'], sheet: 'Notes', records: [['nothing here']] });
    const sites = await decode(bytes, LIMITS, 'Sites');
    expect(sites.columns.map((c) => c.header)).toEqual(['id', 'Column 2', 'sampled', 'depth', 'name', 'total']);
    expect(sites.records).toEqual([
      ['S1', 'x', '2024-05-01', '-1.5', 'Lake north', '-3'],
      ['', '', '', '', '', ''],
      ['S2', '', '2024-05-02T13:30:00Z', '2', 'Bog', ''],
    ]);
  });

  it('refuses a sheet it does not have, naming those it has', async () => {
    const error = await refusal(decode(await book(), LIMITS, 'Plots'));
    expect(error).toMatchObject({ message: 'There is no sheet “Plots”: the workbook has Notes, Sites.', details: [{ field: 'sheet' }] });
  });

  it('refuses a workbook that would inflate past the limit without inflating it, and a sheet of too many rows', async () => {
    const bytes = await book();
    expect((await refusal(decode(bytes, { ...LIMITS, maxInflatedBytes: 2000 }))).message).toMatch(/would inflate to more than the limit of 2000 bytes/);
    expect((await refusal(decode(bytes, { ...LIMITS, maxRows: 2 }, 'Sites'))).message).toMatch(/more than the limit of 2 records/);
  });

  it('with only a header is no table', async () => {
    expect((await refusal(decode(await workbook((b) => b.addWorksheet('A').addRow(['id', 'name']))))).message).toBe(NO_RECORDS);
  });
});

describe('the formula guard of a CSV export', () => {
  it('is taken off where a formula character follows the apostrophe, and only there', async () => {
    const table = await decode(`'=name,note\r\n"'=SUM(A1)",'+1\r\n'-2,'@home\r\n"'\tx","'\rx"\r\n'plain,'' quoted\r\n''=twice,=raw\r\n`);
    expect(table.columns[0]!.header).toBe('=name');
    expect(table.records).toEqual([
      ['=SUM(A1)', '+1'],
      ['-2', '@home'],
      ['\tx', '\rx'],
      ["'plain", "'' quoted"],
      ["'=twice", '=raw'],
    ]);
  });

  it('is no part of a workbook: its cells stay as they are (an XLSX export writes text as it is)', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('objects');
      sheet.addRow(['name', 'note']);
      sheet.addRow(["'=x", "'it's"]);
    });
    expect((await decode(bytes)).records).toEqual([["'=x", "'it's"]]);
  });

  it('gives back exactly what a guarded export held, apostrophes included', async () => {
    const texts = ['=1+1', '+49 30 1234', '-2', '@home', '\tx', "'=x", "''-y", "'plain", "it's", 'plain', '= spaced, "quoted"\nline'];
    const table = await decode(
      toCsv(
        ['text'],
        texts.map((text) => [text]),
      ),
    );
    expect(table.records.map(([cell]) => cell)).toEqual(texts);
  });
});
