import { describe, expect, it } from 'vitest';
import { narrowedTypes } from './narrowed-types';

const all = [{ slug: 'site' }, { slug: 'plot' }, { slug: 'river' }, { slug: 'lake' }];
const slugs = (types: { slug: string }[]) => types.map((t) => t.slug);

describe('narrowedTypes', () => {
  it('offers every type when no project catalogues any', () => {
    expect(slugs(narrowedTypes(all, [], ['plot']))).toEqual(['site', 'plot', 'river', 'lake']);
  });

  it('offers the catalogued types and those already chosen, in the schema’s order', () => {
    expect(slugs(narrowedTypes(all, ['lake', 'site'], ['plot']))).toEqual(['site', 'plot', 'lake']);
  });

  it('takes the union of several projects’ types once each', () => {
    expect(slugs(narrowedTypes(all, ['river', 'site', 'river'], []))).toEqual(['site', 'river']);
  });

  it('ignores types the schema does not have', () => {
    expect(slugs(narrowedTypes(all, ['gone'], ['gone']))).toEqual([]);
  });
});
