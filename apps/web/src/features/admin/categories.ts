import type { Category } from '@observatory/shared';

/** The categories with `id` moved to `position` and all renumbered 0..n-1 (what the server does). */
export function moveInOrder(categories: Category[], id: string, position: number): Category[] {
  const ordered = [...categories].sort((a, b) => a.position - b.position);
  const moving = ordered.find((c) => c.id === id);
  if (!moving) return ordered;
  const rest = ordered.filter((c) => c.id !== id);
  rest.splice(Math.max(0, Math.min(position, rest.length)), 0, moving);
  return rest.map((c, index) => ({ ...c, position: index }));
}

/** A new category goes to the top. */
export function addAtTop(categories: Category[], added: { id: string; name: string }): Category[] {
  return [{ ...added, position: 0 }, ...[...categories].sort((a, b) => a.position - b.position).map((c, i) => ({ ...c, position: i + 1 }))];
}
