import { describe, expect, it } from 'vitest';
import { appendOnce, moveBy, removeAt } from './ordered';

describe('an ordered choice', () => {
  it('moves an item one place up or down', () => {
    expect(moveBy(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it is at either end, and for a place that is not there', () => {
    expect(moveBy(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveBy(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveBy(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });

  it('never changes the list it was given', () => {
    const items = ['a', 'b'];
    moveBy(items, 0, 1);
    removeAt(items, 0);
    appendOnce(items, 'c');
    expect(items).toEqual(['a', 'b']);
  });

  it('removes by place and adds at the end once', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(appendOnce(['a'], 'b')).toEqual(['a', 'b']);
    expect(appendOnce(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });
});
