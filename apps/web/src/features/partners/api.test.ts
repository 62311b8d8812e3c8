import { describe, expect, it } from 'vitest';
import { groupByCategory } from './api';

const inst = (id: string, categoryId: string | null) => ({
  id,
  slug: id,
  name: id,
  description: null,
  url: null,
  ror: null,
  logo: null,
  categoryId,
  version: 1,
});

describe('groupByCategory', () => {
  it('groups in the categories’ order, drops empty ones, puts the uncategorised last', () => {
    const groups = groupByCategory(
      [inst('a', 'c2'), inst('b', 'c1'), inst('c', null), inst('d', 'c2')],
      [
        { id: 'c1', name: 'Second', position: 1 },
        { id: 'c2', name: 'First', position: 0 },
        { id: 'c3', name: 'Empty', position: 2 },
      ],
    );
    expect(groups.map((g) => [g.category?.name ?? null, g.institutions.map((i) => i.id)])).toEqual([
      ['First', ['a', 'd']],
      ['Second', ['b']],
      [null, ['c']],
    ]);
  });
});
