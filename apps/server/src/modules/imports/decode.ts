/**
 * Tabular files into columns and records: CSV and TSV (papaparse; the delimiter, the
 * encoding and a byte-order mark detected) and XLSX (exceljs, streamed; a sheet chosen).
 * The one code path every import reads files through. Anything that is not a table is
 * refused with a reason, as is a workbook that would inflate past the limit.
 */
import { orderedWorkbookReader } from './workbook-reader.js';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../lib/errors.js';
import { zipEntries } from './zip.js';

export interface ImportLimits {
  /** Bytes uploaded. */
  maxBytes: number;
  /** Bytes a workbook's parts may inflate to, summed. */
  maxInflatedBytes: number;
  /** Records (rows after the header). */
  maxRows: number;
}

export interface ImportColumn {
  index: number;
  /** The header cell's text, or "Column N" (N counting from 1) when it is empty. */
  header: string;
}

export interface DecodedTable {
  format: 'csv' | 'tsv' | 'xlsx';
  /** A workbook's sheets, in order (none for text). */
  sheets: string[];
  sheet: string | null;
  columns: ImportColumn[];
  /** The rows after the header, each as long as the columns. */
  records: string[][];
}

export const NO_RECORDS = 'Imported file contains no records.';

const refused = (message: string, field = 'file') => new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
const NOT_A_TABLE = 'Choose a CSV, TSV or XLSX file.';

/** Binary formats people pick by mistake, by their first bytes. */
const SIGNATURES: [Buffer, string][] = [
  [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'a PNG image'],
  [Buffer.from([0xff, 0xd8, 0xff]), 'a JPEG image'],
  [Buffer.from('GIF8'), 'a GIF image'],
  [Buffer.from('%PDF'), 'a PDF document'],
  [Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'an old Excel (.xls) or Office file: save it as .xlsx or CSV'],
  [Buffer.from([0x1f, 0x8b]), 'a gzip archive'],
];
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Decodes a tabular file; `sheet` picks a workbook's sheet (the first by default). */
export async function decodeTable(bytes: Buffer, limits: ImportLimits, sheet?: string | null): Promise<DecodedTable> {
  if (bytes.length > limits.maxBytes) throw refused(`The file is larger than the limit of ${limits.maxBytes} bytes.`);
  const known = SIGNATURES.find(([signature]) => bytes.subarray(0, signature.length).equals(signature));
  if (known) throw refused(`This is ${known[1]}, not a table. ${NOT_A_TABLE}`);
  if (bytes.subarray(0, 4).equals(ZIP)) return decodeWorkbook(bytes, limits, sheet ?? null);
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: 'greedy' });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) throw refused(`Row ${(unclosed.row ?? 0) + 1}: a quoted field is not closed.`);
  const cells = parsed.data.map((row) => row.map(unguarded));
  return { format: parsed.meta.delimiter === '\t' ? 'tsv' : 'csv', sheets: [], sheet: null, ...table(cells, limits) };
}

/** UTF-8 (with or without its byte-order mark), UTF-16 with one, else Windows-1252; binary data is refused. */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 8192).includes(0)) throw refused(`This file holds binary data, not a table. ${NOT_A_TABLE}`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}

/** Windows-1252's characters at 0x80 to 0x9F (Latin-1 has control codes there; the five gaps stay as they are). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Windows-1252 by hand: Node's TextDecoder reads that label as Latin-1. */
function windows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * The delimiter the header row uses most: comma, semicolon or tab (a comma when it has
 * none). The header, not the records, decides: a record's decimal commas ("1,5") would
 * mislead a guess over all rows.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const [best, count] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return count > 0 ? best : ',';
}

/**
 * A text cell without the ' the formula guard of a CSV export put before it (lib/csv.ts):
 * taken off only in the guard's own form, where a formula character (= + - @, a tab or a
 * carriage return) follows, or more apostrophes and then one (the guarded form of a text
 * that started so), so an export re-imports exactly as it was; any other ' stays. Not for
 * a workbook's cells: an XLSX export writes text as it is (a text cell is no formula).
 */
export const unguarded = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The header row as columns and the rows after it as records; fewer than two rows is no table. */
function table(rows: string[][], limits: ImportLimits): Pick<DecodedTable, 'columns' | 'records'> {
  const lastFilled = (row: string[]) => row.findLastIndex((cell) => cell.trim() !== '');
  while (rows.length && lastFilled(rows.at(-1)!) < 0) rows.pop();
  if (rows.length < 2) throw refused(NO_RECORDS);
  if (rows.length - 1 > limits.maxRows) throw refused(`The file holds ${rows.length - 1} records, more than the limit of ${limits.maxRows}: split it.`);
  const width = Math.max(...rows.map((row) => lastFilled(row) + 1));
  const columns = Array.from({ length: width }, (_, index) => ({ index, header: rows[0]![index]?.trim() || `Column ${index + 1}` }));
  const records = rows.slice(1).map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  return { columns, records };
}

async function decodeWorkbook(bytes: Buffer, limits: ImportLimits, wanted: string | null): Promise<DecodedTable> {
  const entries = zipEntries(bytes);
  if (!entries) throw refused(`This ZIP archive cannot be read. ${NOT_A_TABLE}`);
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw refused(`This is a ZIP archive, not an XLSX workbook. ${NOT_A_TABLE}`);
  const inflated = entries.reduce((sum, e) => sum + e.size, 0);
  if (inflated > limits.maxInflatedBytes)
    throw refused(`The workbook would inflate to more than the limit of ${limits.maxInflatedBytes} bytes: save it as CSV, or split it.`);

  const { default: excel } = await import('exceljs'); // loaded on first use: a third of a second off every start
  const reader = orderedWorkbookReader(excel, bytes, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: string[] = [];
  let rows: string[][] | null = null;
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name;
      sheets.push(name);
      const chosen = wanted === null ? rows === null : name === wanted;
      const collected: string[][] = [];
      for await (const row of worksheet) {
        if (!chosen) continue;
        if (row.number > limits.maxRows + 1) throw refused(`The sheet holds more than the limit of ${limits.maxRows} records: split it.`);
        collected[row.number - 1] = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      }
      if (chosen) rows = Array.from(collected, (row) => row ?? []);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused(`The workbook could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (rows === null) throw refused(`There is no sheet “${wanted}”: the workbook has ${sheets.join(', ')}.`, 'sheet');
  return { format: 'xlsx', sheets, sheet: wanted ?? sheets[0] ?? null, ...table(rows, limits) };
}

/** A cell as text: a date as its day (or its time, to the second), a formula as its result, rich text as its words. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().replace('T00:00:00.000Z', '').replace('.000Z', 'Z');
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}
