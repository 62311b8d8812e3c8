import { describe, expect, it } from 'vitest';
import { chooseSlug, slugify, uniqueSlug } from './slugs.js';

const takenOf =
  (...slugs: string[]) =>
  async () =>
    new Set(slugs);

describe('slugs', () => {
  it('are made from names without accents or punctuation', () => {
    expect(slugify('Anenské údolí')).toBe('anenske-udoli');
    expect(slugify('  ETH Zürich (D-USYS)  ')).toBe('eth-zurich-d-usys');
    expect(slugify('Łódź lakes')).toBe('lodz-lakes');
  });
  it('get a number when taken, and never a word the web app uses as a path segment', () => {
    expect(uniqueSlug('ada', new Set(['ada', 'ada-2']))).toBe('ada-3');
    expect(uniqueSlug('new', new Set())).toBe('new-2');
    expect(uniqueSlug('edit', new Set(['edit-2']))).toBe('edit-3');
  });
  it('take a requested slug only when free and not reserved, naming body.slug', async () => {
    await expect(chooseSlug({ slug: 'lab', name: 'Lab' }, takenOf(), 'team')).resolves.toBe('lab');
    await expect(chooseSlug({ slug: 'lab', name: 'Lab' }, takenOf('lab'), 'team')).rejects.toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'body.slug' }],
    });
    await expect(chooseSlug({ slug: 'new', name: 'New' }, takenOf(), 'person')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.slug' }],
    });
    await expect(chooseSlug({ name: 'New' }, takenOf(), 'person')).resolves.toBe('new-2');
    await expect(chooseSlug({ name: '???' }, takenOf(), 'person')).resolves.toBe('person');
    await expect(chooseSlug({ name: 'Озеро Байкал' }, takenOf('ozero-baykal'), 'project')).resolves.toBe('ozero-baykal-2');
  });
});
