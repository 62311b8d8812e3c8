import type { Category } from '@observatory/shared';

export { moveInOrder } from '../../../../lib/ordering';

/** A new category goes to the top. */
export function addAtTop(categories: Category[], added: { id: string; name: string }): Category[] {
  return [{ ...added, position: 0 }, ...[...categories].sort((a, b) => a.position - b.position).map((c, i) => ({ ...c, position: i + 1 }))];
}
