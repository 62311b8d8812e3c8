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
