import { describe, expect, it } from 'vitest';
import { slugFromTitle } from './slug';

describe('slugFromTitle', () => {
  it('makes a URL key of a title', () => {
    expect(slugFromTitle('Soil chemistry')).toBe('soil-chemistry');
    expect(slugFromTitle('  C:N ratio! ')).toBe('c-n-ratio');
    expect(slugFromTitle('Température de l’air')).toBe('temperature-de-l-air');
    expect(slugFromTitle('—')).toBe('');
    expect(slugFromTitle('a'.repeat(79) + ' b')).toBe('a'.repeat(79));
  });
});
