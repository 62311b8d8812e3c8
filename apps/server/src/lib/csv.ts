/**
 * CSV (RFC 4180) for spreadsheets and scripts. With the formula guard (on unless asked
 * otherwise), a text cell that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) is prefixed with ' (OWASP CSV injection); the
 * objects import takes that ' off again (imports/decode.ts unguard), so an export
 * re-imports as it was. A number is written bare, never guarded.
 */
export interface CsvOptions {
  /** Prefix ' to text a spreadsheet would run as a formula (default true). */
  formulaGuard?: boolean;
  /** Start with a UTF-8 byte-order mark, so Excel reads the text as UTF-8 (default false). */
  bom?: boolean;
}

/**
 * The text the guard prefixes: starting with a character a spreadsheet starts a formula
 * with, or with apostrophes and then one, so that the import's taking one ' off (the
 * guard's form: ' before ' or a formula character) gives back every text exactly.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A value as written: a date as ISO 8601, an object or array as JSON. */
export function exportValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

export function csvCell(value: unknown, formulaGuard = true): string {
  const written = exportValue(value);
  if (written === null) return '';
  if (typeof written !== 'string') return String(written);
  const text = formulaGuard && FORMULA_START.test(written) ? `'${written}` : written;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: unknown[], formulaGuard = true) => cells.map((cell) => csvCell(cell, formulaGuard)).join(',');

/** The first chunk of a CSV: the byte-order mark if asked, then the header line. */
export const csvHeader = (header: string[], options: CsvOptions = {}) => `${options.bom ? '\uFEFF' : ''}${csvRow(header, options.formulaGuard ?? true)}\r\n`;

/** Rows as CSV lines, each ended by CRLF: a chunk to stream after csvHeader. */
export const csvLines = (rows: unknown[][], options: CsvOptions = {}) => rows.map((row) => `${csvRow(row, options.formulaGuard ?? true)}\r\n`).join('');

export const toCsv = (header: string[], rows: unknown[][], options: CsvOptions = {}) => csvHeader(header, options) + csvLines(rows, options);

/** A whole CSV as text chunks, a chunk per chunk of rows read: a large export streams in constant memory. */
export async function* csvChunks(header: string[], chunks: AsyncIterable<unknown[][]> | Iterable<unknown[][]>, options: CsvOptions = {}) {
  yield csvHeader(header, options);
  for await (const rows of chunks) if (rows.length) yield csvLines(rows, options);
}

/**
 * Reads CSV (RFC 4180): fields quoted or not, "" for a quote inside quotes, commas and
 * line breaks inside quotes, CRLF or LF between records; a last empty line is no record.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) records.push([...record, field]);
  return records;
}
