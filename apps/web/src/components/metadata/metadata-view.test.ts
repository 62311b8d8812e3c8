import { describe, expect, it } from 'vitest';
import type { ObjectType } from '@observatory/shared';
import { formatValue, metadataRows, objectTypeSource } from './metadata-view';

const type = (slug: string, properties: Record<string, unknown>) =>
  ({
    id: slug,
    slug,
    name: slug,
    marker: 'default',
    parents: [],
    metrics: {},
    metadata_schemas: { [`${slug}-basics`]: { slug: `${slug}-basics`, title: slug, version: 1, schema: { type: 'object', properties } } },
    version: 1,
  }) as ObjectType;

const site = type('site', {
  elevation: { type: 'number', title: 'Elevation', 'x-unit': 'm' },
  habitat: { type: 'string', title: 'Habitat', enum: ['forest', 'alpine'] },
  siteCode: { type: 'string', title: 'Site code' },
});
const veg = type('vegetation-plot', {
  canopyCover: { type: 'number', title: 'Canopy cover', 'x-unit': '%' },
  surveyed: { type: 'string', title: 'Last surveyed', format: 'date' },
  established: { type: 'integer', title: 'Established' },
});

describe('metadata as the overview shows it', () => {
  it('titles fields from the schemas and puts units after the values', () => {
    const rows = metadataRows({ elevation: 1850, canopyCover: 45.5, habitat: 'alpine', siteCode: 'A-1' }, [site, veg].map(objectTypeSource));
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Elevation', '1850 m'],
      ['Habitat', 'Alpine'],
      ['Site code', 'A-1'],
      ['Canopy cover', '45.5%'],
    ]);
  });

  it('lists fields no schema knows plainly, last', () => {
    const rows = metadataRows({ legacyId: 17, elevation: 3, notes: ['a', 'b'] }, [site].map(objectTypeSource));
    expect(rows).toEqual([
      { key: 'elevation', label: 'Elevation', value: '3 m', type: 'site' },
      { key: 'legacyId', label: 'legacyId', value: '17', type: null },
      { key: 'notes', label: 'notes', value: 'a, b', type: null },
    ]);
  });

  it('formats dates, years, booleans, large measures and empty values', () => {
    expect(formatValue('2024-06-03', { format: 'date' })).toBe('Jun 3, 2024');
    expect(formatValue(1850, { type: 'integer' })).toBe('1850');
    expect(formatValue(12500.25, { type: 'number', 'x-unit': 'ha' })).toBe('12,500.25 ha');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(null)).toBe('—');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('wet', { enum: ['wet'], oneOf: [{ const: 'wet', title: 'Wetland (seasonal)' }] })).toBe('Wetland (seasonal)');
  });
});
