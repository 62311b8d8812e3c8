import { describe, expect, it } from 'vitest';
import { mayPrefetch } from './PrefetchLink';

describe('mayPrefetch', () => {
  it('prefetches on ordinary connections and when the browser says nothing', () => {
    expect(mayPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch(undefined)).toBe(true);
  });
  it('skips 2g connections and data saver', () => {
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
