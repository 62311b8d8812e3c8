import { describe, expect, it } from 'vitest';
import { impactSummary, unnamedNotes } from './impact';

const impact = (checked: number, invalid: number, hidden = 0, named = invalid - hidden) => ({
  checked,
  invalid,
  hidden,
  objects: Array.from({ length: named }, (_, i) => ({ name: `o${i}`, title: `O ${i}`, problems: ['x: is required'] })),
});

describe('an impact check in words', () => {
  it('says how many of how many objects would become invalid', () => {
    expect(impactSummary(impact(75, 3))).toBe('3 of 75 objects would become invalid.');
    expect(impactSummary(impact(1, 1))).toBe('1 of 1 object would become invalid.');
  });

  it('says when none would, and when there is nothing to check', () => {
    expect(impactSummary(impact(12, 0))).toBe('None of the 12 objects of its types would become invalid.');
    expect(impactSummary(impact(1, 0))).toBe('The 1 object of its types would stay valid.');
    expect(impactSummary(impact(0, 0))).toBe('No object has a type that uses this schema, so no object can become invalid.');
  });

  it('counts the refused objects it does not name: hidden from the reader, and past the first ones listed', () => {
    expect(unnamedNotes(impact(80, 5))).toEqual([]);
    expect(unnamedNotes(impact(80, 5, 2))).toEqual(['2 more you may not see.']);
    expect(unnamedNotes(impact(200, 70, 4, 50))).toEqual(['16 more not listed here.', '4 more you may not see.']);
  });
});
