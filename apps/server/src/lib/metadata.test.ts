import { describe, expect, it } from 'vitest';
import { BUILTIN_OBJECT_TYPES } from '../db/seed/object-types.js';
import { createMetadataValidator } from './metadata.js';

const type = (slug: string) => {
  const t = BUILTIN_OBJECT_TYPES.find((x) => x.slug === slug)!;
  return { name: t.name, schemas: [t.schema as Record<string, unknown>] };
};

describe('object metadata', () => {
  const validator = createMetadataValidator();

  it('passes metadata that fits every type of the object', () => {
    expect(() => validator.check({ elevation: 1650, habitat: 'alpine' }, [type('site')])).not.toThrow();
    // An object of two types takes the fields of both.
    expect(() =>
      validator.check({ elevation: 1650, habitat: 'alpine', plotSize: 100, canopyCover: 35 }, [type('site'), type('vegetation-plot')]),
    ).not.toThrow();
    expect(() => validator.check({ elevation: 1650, plotSize: 100 }, [type('site')])).toThrow(/body.metadata.plotSize: is not a field of Site/);
    expect(() => validator.check({ plotSize: 100, surveyed: '2024-07-01' }, [type('vegetation-plot')])).not.toThrow();
    expect(() => validator.check({ anything: 1 }, [{ name: 'Free', schemas: [] }])).not.toThrow();
  });

  it('names each wrong field and says why', () => {
    try {
      validator.check({ elevation: 'high', habitat: 'moon', colour: 'green', surveyed: 'yesterday' }, [type('site')]);
      expect.unreachable();
    } catch (error) {
      const details = (error as { details: { field: string; message: string }[] }).details;
      expect(details).toEqual(
        expect.arrayContaining([
          { field: 'body.metadata.elevation', message: 'must be number (Site)' },
          { field: 'body.metadata.habitat', message: expect.stringMatching(/^must be one of forest, grassland/) },
          { field: 'body.metadata.colour', message: 'is not a field of Site' },
        ]),
      );
    }
  });

  it('holds an object to every schema of its type (allOf)', () => {
    const extra = { type: 'object', properties: { elevation: { type: 'number', minimum: 1000 }, aspect: { type: 'string' } }, additionalProperties: false };
    const site = { name: 'Site', schemas: [type('site').schemas[0]!, extra] };
    expect(() => validator.check({ elevation: 1650, aspect: 'north' }, [site])).not.toThrow();
    expect(() => validator.check({ elevation: 800 }, [site])).toThrow(/body.metadata.elevation: must be >= 1000 \(Site\)/);
    expect(() => validator.check({ colour: 'green' }, [site])).toThrow(/body.metadata.colour: is not a field of Site/);
  });

  it('names what makes a schema no JSON Schema 2020-12', () => {
    expect(validator.problemOf({ type: 'object', properties: { a: { type: 'string' } } })).toBeNull();
    expect(validator.problemOf({ type: 'object', properties: { a: { type: 'text' } } })).toMatch(/properties\/a\/type/);
    expect(validator.problemOf({ type: 'object', required: 'a' })).toMatch(/required must be array/);
    expect(validator.problemOf({ type: 'array' })).toMatch(/type must be "object"/);
    expect(validator.problemOf({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toMatch(/missing/);
  });

  it('checks formats and ranges (dates, percentages)', () => {
    expect(() => validator.check({ surveyed: '2024-13-45' }, [type('vegetation-plot')])).toThrow(/body.metadata.surveyed/);
    expect(() => validator.check({ canopyCover: 140 }, [type('vegetation-plot')])).toThrow(/body.metadata.canopyCover: must be <= 100/);
  });
});
