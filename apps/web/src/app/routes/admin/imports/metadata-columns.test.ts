import type { ImportColumn, ObjectType } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { keyProblem, mapByHeader, metadataHelp, metadataTerms, schemaToExtend, withTextField } from './metadata-columns';

const type = (slug: string, name: string, schemas: Record<string, unknown>[]): Pick<ObjectType, 'slug' | 'name' | 'metadata_schemas'> => ({
  slug,
  name,
  metadata_schemas: Object.fromEntries(schemas.map((schema, i) => [`${slug}-${i}`, { slug: `${slug}-${i}`, title: `${name} ${i}`, version: 1, schema }])),
});

const SITE = type('site', 'Site', [
  {
    type: 'object',
    properties: { elevation: { type: 'number', title: 'Elevation' }, siteCode: { type: 'string', title: 'Site code' } },
    additionalProperties: false,
  },
]);
const PROPERTY = type('property', 'Property', [{ type: 'object', properties: { owner: { type: 'string' } }, additionalProperties: false }]);
const OPEN_SITE = type('open-site', 'Open site', [{ type: 'object', properties: { elevation: { type: 'number' } } }]);
const BARE = type('bare', 'Bare', []);
const KNOWN = [SITE, PROPERTY, OPEN_SITE, BARE];

const cols = (...headers: string[]): ImportColumn[] => headers.map((header, index) => ({ index, header }));

describe('metadataTerms', () => {
  it('is closed when every schema of every chosen type is, with the keys they describe', () => {
    expect(metadataTerms(KNOWN, ['site', 'property'])).toMatchObject({ open: false, keys: ['elevation', 'siteCode', 'owner'] });
  });

  it('is open when a chosen type has a schema that leaves other fields open, or no schema at all', () => {
    expect(metadataTerms(KNOWN, ['site', 'open-site']).open).toBe(true);
    expect(metadataTerms(KNOWN, ['bare']).open).toBe(true);
  });
});

describe('metadataHelp', () => {
  it('says any other key may be typed only for types whose schema allows other keys', () => {
    expect(metadataHelp(metadataTerms(KNOWN, ['open-site']), false)).toBe(
      'Map columns to metadata fields in the list of columns below: the chosen types’ fields are offered, and any other key may be typed.',
    );
    expect(metadataHelp(metadataTerms(KNOWN, ['site']), true)).not.toContain('any other key may be typed');
  });

  it('names the fields a closed schema takes, and who may add another', () => {
    expect(metadataHelp(metadataTerms(KNOWN, ['site']), true)).toBe(
      'Map columns to metadata fields in the list of columns below. Site’s schema takes only these fields: elevation, siteCode. Another key typed can be added to the schema from its column.',
    );
    expect(metadataHelp(metadataTerms(KNOWN, ['site', 'property']), false)).toBe(
      'Map columns to metadata fields in the list of columns below. The schemas of Site and Property take only these fields: elevation, siteCode, owner. Another field has to be added to the schema first, by someone who manages it.',
    );
  });

  it('asks for the types when none is chosen', () => {
    expect(metadataHelp(metadataTerms(KNOWN, []), true)).toBe(
      'Map columns to metadata fields in the list of columns below: every type’s fields are offered. Choose the objects’ types: their schemas say which fields they take.',
    );
  });
});

describe('keyProblem', () => {
  it('flags a key a closed schema does not describe, naming the types', () => {
    expect(keyProblem('host', metadataTerms(KNOWN, ['site']))).toBe('Not a field of Site');
    expect(keyProblem('host', metadataTerms(KNOWN, ['site', 'property']))).toBe('Not a field of Site and Property');
  });

  it('passes a field of the schema, any key of an open one, and anything before the types are chosen', () => {
    expect(keyProblem('elevation', metadataTerms(KNOWN, ['site']))).toBeNull();
    expect(keyProblem('host', metadataTerms(KNOWN, ['open-site']))).toBeNull();
    expect(keyProblem('host', metadataTerms(KNOWN, []))).toBeNull();
  });
});

describe('adding a field to the schema', () => {
  it('goes to the first chosen type’s first schema, as an optional text field', () => {
    const target = schemaToExtend(metadataTerms(KNOWN, ['property', 'site']));
    expect(target?.type.name).toBe('Property');
    expect(target?.schema.slug).toBe('property-0');
    expect(withTextField(SITE.metadata_schemas['site-0']!.schema, 'host')).toEqual({
      type: 'object',
      properties: { elevation: { type: 'number', title: 'Elevation' }, siteCode: { type: 'string', title: 'Site code' }, host: { type: 'string' } },
      additionalProperties: false,
    });
  });
});

describe('mapByHeader', () => {
  const fields = [
    { key: 'elevation', label: 'Elevation' },
    { key: 'siteCode', label: 'Site code' },
    { key: 'host', label: 'host' },
  ];

  it('maps each column whose header is a field’s key or title, whatever the case, spaces and underscores', () => {
    expect(mapByHeader(cols('id', 'ELEVATION', 'site_code', 'Host', 'field_site_host'), fields, new Set(), {})).toEqual({
      '1': 'elevation',
      '2': 'siteCode',
      '3': 'host',
    });
    expect(mapByHeader(cols('Site Code'), fields, new Set(), {})).toEqual({ '0': 'siteCode' });
  });

  it('leaves the columns other options hold and those mapped already', () => {
    expect(mapByHeader(cols('host', 'elevation', 'siteCode'), fields, new Set([0]), { '2': 'elevation' })).toEqual({ '2': 'elevation' });
  });
});
