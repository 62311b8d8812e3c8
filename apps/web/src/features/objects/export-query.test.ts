import { describe, expect, it } from 'vitest';
import { exportQuery } from './api';

describe('the catalogue’s export links', () => {
  it('carry the search and filters, the format, a BOM for Excel’s CSV, and never turn the formula guard off', () => {
    expect(exportQuery('q=lake&type=site&p=3', 'geojson')).toEqual({ q: 'lake', type: 'site', format: 'geojson', limit: '1000' });
    expect(exportQuery('q=lake', 'csv')).toEqual({ q: 'lake', format: 'csv', limit: '1000' });
    expect(exportQuery('q=lake', 'csv-bom', 2)).toEqual({ q: 'lake', format: 'csv', bom: '1', limit: '1000', p: '2' });
    expect(exportQuery('', 'xlsx')).toEqual({ format: 'xlsx', limit: '1000' });
    for (const download of ['geojson', 'csv', 'csv-bom', 'xlsx'] as const) expect(exportQuery('', download)).not.toHaveProperty('formulaGuard');
  });
});
