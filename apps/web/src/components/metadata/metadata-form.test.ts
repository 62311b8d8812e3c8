import { describe, expect, it } from 'vitest';
import { metadataFieldError, metadataFields, metadataFormValues, toMetadata, validateMetadata } from './metadata-form';

const site = {
  name: 'Site',
  schemas: [
    {
      type: 'object',
      properties: {
        elevation: { type: 'number', title: 'Elevation', minimum: -500, maximum: 9000, 'x-unit': 'm' },
        habitat: { type: 'string', title: 'Habitat', enum: ['forest', 'grassland'] },
        siteCode: { type: 'string', title: 'Site code', maxLength: 5, description: 'The code on the stake' },
      },
      required: ['siteCode'],
    },
  ],
};
const plot = {
  name: 'Vegetation plot',
  schemas: [
    {
      type: 'object',
      properties: {
        plotSize: { type: 'number', title: 'Plot size', exclusiveMinimum: 0, 'x-unit': 'm²' },
        surveyed: { type: 'string', title: 'Last surveyed', format: 'date' },
        established: { type: 'integer', title: 'Established', minimum: 1800 },
        fenced: { type: 'boolean', title: 'Fenced' },
        elevation: { type: 'number', maximum: 3000 },
      },
      required: ['elevation'],
    },
  ],
};

describe('the metadata form from JSON Schemas', () => {
  it('makes one control per property by its JSON type, with title, description, unit and limits', () => {
    const fields = metadataFields([site]);
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['elevation', 'number'],
      ['habitat', 'select'],
      ['siteCode', 'text'],
    ]);
    expect(fields[0]).toMatchObject({ label: 'Elevation', unit: 'm', min: -500, max: 9000, required: false, types: ['Site'] });
    expect(fields[1]!.options).toEqual(['forest', 'grassland']);
    expect(fields[2]).toMatchObject({ label: 'Site code', description: 'The code on the stake', required: true, maxLength: 5 });
  });

  it('knows dates, integers, booleans and exclusive bounds; a property without title is labelled by its key', () => {
    const byKey = Object.fromEntries(metadataFields([plot]).map((f) => [f.key, f]));
    expect(byKey.surveyed!.kind).toBe('date');
    expect(byKey.established!.kind).toBe('integer');
    expect(byKey.fenced!.kind).toBe('boolean');
    expect(byKey.plotSize).toMatchObject({ above: 0, min: null, unit: 'm²' });
    expect(byKey.elevation!.label).toBe('elevation');
  });

  it('merges the properties of several types: a shared one appears once with the stricter limits, required if either requires it', () => {
    const fields = metadataFields([site, plot]);
    expect(fields.map((f) => f.key)).toEqual(['elevation', 'habitat', 'siteCode', 'plotSize', 'surveyed', 'established', 'fenced']);
    expect(fields[0]).toMatchObject({ label: 'Elevation', min: -500, max: 3000, unit: 'm', required: true, types: ['Site', 'Vegetation plot'] });
  });

  it('takes the fields of every schema of a type, in order', () => {
    const twoSchemas = {
      name: 'Site',
      schemas: [
        site.schemas[0]!,
        { type: 'object', properties: { aspect: { type: 'string', title: 'Aspect' }, elevation: { type: 'number', minimum: 1000 } } },
      ],
    };
    const fields = metadataFields([twoSchemas]);
    expect(fields.map((f) => f.key)).toEqual(['elevation', 'habitat', 'siteCode', 'aspect']);
    expect(fields[0]).toMatchObject({ min: 1000, max: 9000, types: ['Site'] });
  });

  it('copes with types without a schema', () => {
    expect(
      metadataFields([
        { name: 'Plain', schemas: [] },
        { name: 'Empty', schemas: [{ type: 'object' }] },
      ]),
    ).toEqual([]);
  });

  it('fills the form from saved metadata, empty fields as empty text', () => {
    const fields = metadataFields([site, plot]);
    expect(metadataFormValues(fields, { elevation: 410, habitat: 'forest', fenced: true })).toEqual({
      elevation: 410,
      habitat: 'forest',
      siteCode: '',
      plotSize: '',
      surveyed: '',
      established: '',
      fenced: true,
    });
  });

  it('checks required fields, minimum and maximum (with the unit), exclusive bounds, whole numbers, choices, length and dates', () => {
    const byKey = Object.fromEntries(metadataFields([site, plot]).map((f) => [f.key, f]));
    expect(metadataFieldError(byKey.elevation!, '')).toBe('Elevation is required');
    expect(metadataFieldError(byKey.elevation!, -501)).toBe('At least -500 m');
    expect(metadataFieldError(byKey.elevation!, 3001)).toBe('At most 3000 m');
    expect(metadataFieldError(byKey.elevation!, 3000)).toBeNull();
    expect(metadataFieldError(byKey.plotSize!, 0)).toBe('More than 0 m²');
    expect(metadataFieldError(byKey.plotSize!, '')).toBeNull();
    expect(metadataFieldError(byKey.established!, 1900.5)).toBe('Enter a whole number');
    expect(metadataFieldError(byKey.habitat!, 'desert')).toBe('Choose one of forest, grassland');
    expect(metadataFieldError(byKey.siteCode!, 'ABCDEF')).toBe('6 characters: at most 5');
    expect(metadataFieldError(byKey.surveyed!, '12/05/2024')).toBe('Enter a date (YYYY-MM-DD)');
    expect(metadataFieldError(byKey.fenced!, false)).toBeNull();
  });

  it('validates the whole form, keyed by field', () => {
    const fields = metadataFields([site]);
    expect(validateMetadata(fields, { elevation: 10000, habitat: '', siteCode: '' })).toEqual({
      elevation: 'At most 9000 m',
      siteCode: 'Site code is required',
    });
    expect(validateMetadata(fields, { elevation: 12, habitat: 'forest', siteCode: 'A1' })).toEqual({});
  });

  it('sends only the current fields, empty ones left out, numbers as numbers and text trimmed', () => {
    const fields = metadataFields([plot]);
    expect(
      toMetadata(fields, {
        plotSize: 400,
        surveyed: '2024-05-12',
        established: '',
        fenced: false,
        elevation: ' 1200 ' as unknown as number,
        habitat: 'forest',
      }),
    ).toEqual({
      plotSize: 400,
      surveyed: '2024-05-12',
      elevation: 1200,
    });
    expect(toMetadata(fields, { fenced: true })).toEqual({ fenced: true });
  });
});
