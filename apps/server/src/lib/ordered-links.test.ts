import { describe, expect, it } from 'vitest';
import { placed } from './ordered-links.js';

describe('placed', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('moves a link up, down, to the start and to the end', () => {
    expect(placed(order, 'c', 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(placed(order, 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(placed(order, 'b', 3)).toEqual(['a', 'c', 'd', 'b']);
    expect(placed(order, 'd', 3)).toEqual(order);
  });

  it('adds a new link at the position, or at the end without one', () => {
    expect(placed(order, 'e', 1)).toEqual(['a', 'e', 'b', 'c', 'd']);
    expect(placed(order, 'e', undefined)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(placed([], 'e', 5)).toEqual(['e']);
  });

  it('clamps positions outside 0..n', () => {
    expect(placed(order, 'b', 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(placed(order, 'c', -4)).toEqual(['c', 'a', 'b', 'd']);
  });
});
