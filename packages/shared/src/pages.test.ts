import { describe, expect, it } from 'vitest';
import { parentPagePath, pathsAbove } from './pages.js';

describe('paths above a page', () => {
  it('lists the ancestors of a path, top first', () => {
    expect(pathsAbove('guide/map/plots')).toEqual(['guide', 'guide/map']);
    expect(pathsAbove('index')).toEqual([]);
  });

  it('names the parent, or none at the top', () => {
    expect(parentPagePath('guide/map/plots')).toBe('guide/map');
    expect(parentPagePath('guide')).toBeNull();
  });
});
