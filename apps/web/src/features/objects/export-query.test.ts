import { describe, expect, it } from 'vitest';
import { exportQuery } from './api';

describe('the catalogue’s export links', () => {
  it('ask for every matching object in one file (all=1), with the search and filters, the format, a BOM for Excel’s CSV, and never turn the formula guard off', () => {
    expect(exportQuery('q=lake&type=site&p=3', 'geojson')).toEqual({ q: 'lake', type: 'site', format: 'geojson', all: '1' });
    expect(exportQuery('q=lake&limit=25', 'csv')).toEqual({ q: 'lake', format: 'csv', all: '1' });
    expect(exportQuery('q=lake', 'csv-bom')).toEqual({ q: 'lake', format: 'csv', bom: '1', all: '1' });
    expect(exportQuery('', 'xlsx')).toEqual({ format: 'xlsx', all: '1' });
    for (const download of ['geojson', 'csv', 'csv-bom', 'xlsx'] as const) expect(exportQuery('', download)).not.toHaveProperty('formulaGuard');
  });
});
