/**
 * CSV (RFC 4180) for spreadsheets. A cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with ' (OWASP CSV injection).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: unknown[]) => cells.map(csvCell).join(',');

export const toCsv = (header: string[], rows: unknown[][]) => [csvRow(header), ...rows.map(csvRow)].join('\r\n') + '\r\n';

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
