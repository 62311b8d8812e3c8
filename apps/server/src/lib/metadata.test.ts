import { describe, expect, it } from 'vitest';
import { BUILTIN_OBJECT_TYPES } from '../db/seed/object-types.js';
import { createMetadataValidator } from './metadata.js';

const type = (slug: string) => {
  const t = BUILTIN_OBJECT_TYPES.find((x) => x.slug === slug)!;
  return { name: t.name, metadataSchema: t.metadataSchema as Record<string, unknown> };
};

describe('object metadata', () => {
  const validator = createMetadataValidator();

  it('passes metadata that fits every type of the object', () => {
    expect(() => validator.check({ elevation: 1650, habitat: 'alpine' }, [type('site')])).not.toThrow();
    // An object of two types takes the fields of both.
    expect(() => validator.check({ elevation: 1650, habitat: 'alpine', plotSize: 100, canopyCover: 35 }, [type('site'), type('vegetation-plot')])).not.toThrow();
    expect(() => validator.check({ elevation: 1650, plotSize: 100 }, [type('site')])).toThrow(/body.metadata.plotSize: is not a field of Site/);
    expect(() => validator.check({ plotSize: 100, surveyed: '2024-07-01' }, [type('vegetation-plot')])).not.toThrow();
    expect(() => validator.check({ anything: 1 }, [{ name: 'Free', metadataSchema: null }])).not.toThrow();
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

  it('checks formats and ranges (dates, percentages)', () => {
    expect(() => validator.check({ surveyed: '2024-13-45' }, [type('vegetation-plot')])).toThrow(/body.metadata.surveyed/);
    expect(() => validator.check({ canopyCover: 140 }, [type('vegetation-plot')])).toThrow(/body.metadata.canopyCover: must be <= 100/);
  });
});
