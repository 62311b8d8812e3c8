/**
 * The spreadsheet downloads every table export offers (objects, the sandbox's result, a
 * data table's observations): plain CSV, CSV for Excel (a UTF-8 byte-order mark, so Excel
 * reads accents right) and an Excel workbook. The formula guard stays on in every one:
 * the web never sends formulaGuard=off (API clients may, docs/api.md).
 */
export const SPREADSHEET_DOWNLOADS = [
  { key: 'csv', label: 'CSV', format: 'csv', bom: false, extension: 'csv' },
  { key: 'csv-bom', label: 'CSV for Excel (with BOM)', format: 'csv', bom: true, extension: 'csv' },
  { key: 'xlsx', label: 'Excel (.xlsx)', format: 'xlsx', bom: false, extension: 'xlsx' },
] as const;
export type SpreadsheetDownload = (typeof SPREADSHEET_DOWNLOADS)[number];
export type SpreadsheetKey = SpreadsheetDownload['key'];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const spreadsheetDownload = (key: SpreadsheetKey): SpreadsheetDownload => SPREADSHEET_DOWNLOADS.find((d) => d.key === key)!;

/** The export's query parameters for a download: its format, and bom=1 for Excel's CSV. */
export const spreadsheetParams = (key: SpreadsheetKey): Record<string, string> => {
  const download = spreadsheetDownload(key);
  return download.bom ? { format: download.format, bom: '1' } : { format: download.format };
};

/** What to send in Accept for a download. */
export const spreadsheetAccept = (key: SpreadsheetKey) => (spreadsheetDownload(key).format === 'xlsx' ? XLSX_TYPE : 'text/csv');
