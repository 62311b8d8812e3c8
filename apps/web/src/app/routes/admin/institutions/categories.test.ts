import { describe, expect, it } from 'vitest';
import { addAtTop, moveInOrder } from './categories';

const cats = [
  { id: 'a', name: 'A', position: 0 },
  { id: 'b', name: 'B', position: 1 },
  { id: 'c', name: 'C', position: 2 },
];
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('category order', () => {
  it('moves a category and renumbers every position', () => {
    expect(ids(moveInOrder(cats, 'a', 2))).toEqual(['b', 'c', 'a']);
    expect(moveInOrder(cats, 'c', 0).map((c) => c.position)).toEqual([0, 1, 2]);
    expect(ids(moveInOrder(cats, 'b', 99))).toEqual(['a', 'c', 'b']);
  });
  it('leaves the order alone for an unknown id and does not change its input', () => {
    expect(ids(moveInOrder(cats, 'zzz', 0))).toEqual(['a', 'b', 'c']);
    moveInOrder(cats, 'a', 2);
    expect(ids(cats)).toEqual(['a', 'b', 'c']);
  });
  it('puts a new category at the top', () => {
    const next = addAtTop(cats, { id: 'n', name: 'New' });
    expect(ids(next)).toEqual(['n', 'a', 'b', 'c']);
    expect(next.map((c) => c.position)).toEqual([0, 1, 2, 3]);
  });
});
