import { describe, expect, it } from 'vitest';
import { SPREADSHEET_DOWNLOADS, spreadsheetAccept, spreadsheetParams } from './spreadsheet-downloads';

describe('spreadsheet downloads', () => {
  it('offer CSV, CSV for Excel with a BOM and XLSX, never turning the formula guard off', () => {
    expect(SPREADSHEET_DOWNLOADS.map((d) => d.label)).toEqual(['CSV', 'CSV for Excel (with BOM)', 'Excel (.xlsx)']);
    expect(spreadsheetParams('csv')).toEqual({ format: 'csv' });
    expect(spreadsheetParams('csv-bom')).toEqual({ format: 'csv', bom: '1' });
    expect(spreadsheetParams('xlsx')).toEqual({ format: 'xlsx' });
    for (const d of SPREADSHEET_DOWNLOADS) expect(spreadsheetParams(d.key)).not.toHaveProperty('formulaGuard');
    expect(spreadsheetAccept('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(spreadsheetAccept('csv-bom')).toBe('text/csv');
  });
});
